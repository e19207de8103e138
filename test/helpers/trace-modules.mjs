// Loaded with `node --import`: records the URL of every module the process loads and writes them, one per
// line, to the file named by AGENTLOG_TRACE_MODULES when the process exits. Used by test/startup.test.ts.
import { writeFileSync } from 'node:fs';
import { register } from 'node:module';
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
  if (out) writeFileSync(out, [...seen].join('\n'));
});
