// Whole files read in a refresh, held until their unit is stored: the unit's last file read triggers its
// build, which takes them from here instead of reading them again (ARCHITECTURE.md, "The index", step 3).
import type { UnitFile } from '../lifecycle/build-unit.js';
import type { Session } from '../model/session.js';

/** Files read whole in this run, kept until their unit is built (right after its last file is read). */
export function createReadMemory() {
  const kept = new Map<string, { file: UnitFile; codexSession: Session | undefined }>();
  return {
    keep(path: string, file: UnitFile, codexSession: Session | undefined) {
      kept.set(path, { file, codexSession });
    },
    drop(path: string) {
      kept.delete(path);
    },
    peek(path: string) {
      return kept.get(path);
    },
    take(path: string) {
      const entry = kept.get(path);
      kept.delete(path);
      return entry;
    },
  };
}

/** What {@link createReadMemory} gives. */
export type ReadMemory = ReturnType<typeof createReadMemory>;
