/** Sorts dotted versions numerically (`2.1.9` before `2.1.10`); other strings last, alphabetically. */
export function sortVersions(versions: string[]): string[] {
  const parse = (v: string) => v.split(/[.-]/).map((p) => (/^\d+$/.test(p) ? Number(p) : Number.NaN));
  return versions.sort((a, b) => {
    const pa = parse(a);
    const pb = parse(b);
    for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
      const x = pa[i] ?? -1;
      const y = pb[i] ?? -1;
      if (Number.isNaN(x) || Number.isNaN(y)) return a.localeCompare(b);
      if (x !== y) return x - y;
    }
    return 0;
  });
}
