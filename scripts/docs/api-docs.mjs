// TypeScript API docs of the package entry (src/index.ts), from its doc comments, with TypeDoc. TypeDoc 0.28
// writes HTML only (Markdown needs a plugin), so docs/api/ is HTML: open docs/api/index.html. Options keep
// the output stable: no source links (they would carry the commit), no generator line, no README copy.

import path from 'node:path';
import { Application, LogLevel, TSConfigReader } from 'typedoc';

/** Writes the API docs of `repoRoot`'s package into `outDir` (emptied first). Throws when TypeDoc fails. */
export async function writeApiDocs(repoRoot, outDir) {
  const app = await Application.bootstrap(
    {
      entryPoints: [path.join(repoRoot, 'src/index.ts')],
      tsconfig: path.join(repoRoot, 'tsconfig.build.json'),
      name: 'agentlog',
      readme: 'none',
      disableSources: true,
      disableGit: true,
      sourceLinkTemplate: '{path}',
      hideGenerator: true,
      cleanOutputDir: true,
      excludePrivate: true,
      excludeInternal: true,
      githubPages: false,
      logLevel: LogLevel.Error,
    },
    [new TSConfigReader()],
  );
  const project = await app.convert();
  if (project === undefined) throw new Error('TypeDoc could not convert the project (see the errors above).');
  await app.generateDocs(project, outDir);
  if (app.logger.hasErrors()) throw new Error('TypeDoc reported errors (see above).');
}
