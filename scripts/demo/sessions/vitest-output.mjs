// What `vitest run` prints, for Bash results.

/** The output of a passing `npm test` (vitest) run over `files` ([path, tests, ms][]). */
export const vitestRun = (project, pkg, files, time) => {
  const lines = files.map(
    ([file, tests, ms]) => ` ✓ ${file} (${tests} test${tests === 1 ? '' : 's'}) ${ms}ms`,
  );
  const total = files.reduce((n, [, tests]) => n + tests, 0);
  const body = `${lines.join('\n')}\n\n Test Files  ${files.length} passed (${files.length})\n      Tests  ${total} passed (${total})`;
  return `\n> ${pkg} test\n> vitest run\n\n\n RUN  v2.1.2 ${project.cwd}\n\n${body}\n   Start at  ${time}\n   Duration  1.${String(total * 7 + 13).padStart(2, '0')}s (transform 96ms, setup 0ms, collect 311ms, tests 42ms, environment 402ms, prepare 88ms)`;
};
