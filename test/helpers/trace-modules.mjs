// Loaded with `node --import`: records the URL of every module the process loads and writes them, one per
// line, to the file named by AGENTLOG_TRACE_MODULES when the process exits, and Node's own modules it loaded to
// that name plus `.builtins`. Used by test/startup.test.ts.
import { writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const out = process.env.AGENTLOG_TRACE_MODULES;
const seen = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => seen.add(url));
port1.unref();
register(
  `data:text/javascript,${encodeURIComponent(`
let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }
`)}`,
  { data: { port: port2 }, transferList: [port2] },
);
process.on('exit', () => {
  if (!out) return;
  // CommonJS files (required, not imported) are in the require cache.
  const required = Object.keys(createRequire(import.meta.url).cache).map((file) => `file://${file}`);
  writeFileSync(out, [...new Set([...seen, ...required])].join('\n'));
  // Node's own modules, however loaded (import or require): "NativeModule child_process", ...
  const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule '));
  writeFileSync(`${out}.builtins`, builtins.map((m) => m.slice('NativeModule '.length)).join('\n'));
});
