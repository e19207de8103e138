// Test-only: lets `node --import ./test/helpers/ts-register.mjs file.ts` run this repo's TypeScript
// (examples/ and src/) without a build, with `agentlog/hooks` mapped to its source. Node 20 cannot strip
// types itself; TypeScript's own transpiler does it here.
import { register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
