// Deterministic ids: a seeded generator per session, so adding a session never changes the others.

const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A seeded generator (mulberry32 over an FNV-1a hash of the seed text). */
export function createRandom(seedText) {
  let state = 2166136261;
  for (const ch of seedText) state = Math.imul(state ^ ch.charCodeAt(0), 16777619) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const chars = (alphabet, n) => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
    return s;
  };
  const uuidFrom = (hex) =>
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  return {
    int,
    chars,
    hex: (n) => chars(HEX, n),
    uuid: () => uuidFrom(`${chars(HEX, 12)}4${chars(HEX, 3)}${'89ab'[int(0, 3)]}${chars(HEX, 15)}`),
    /** A UUIDv7 whose first 48 bits are `ms`, like Codex thread ids. */
    uuid7: (ms) =>
      uuidFrom(`${ms.toString(16).padStart(12, '0')}7${chars(HEX, 3)}${'89ab'[int(0, 3)]}${chars(HEX, 15)}`),
    toolId: () => `toolu_01${chars(B62, 22)}`,
    serverToolId: () => `srvtoolu_01${chars(B62, 22)}`,
    messageId: () => `msg_01${chars(B62, 22)}`,
    requestId: () => `req_011C${chars(B62, 20)}`,
    signature: () => `Eq${chars(B64, 2)}CkYICxgCKkA${chars(B64, 170)}`,
    callId: () => `call_${chars(B62, 24)}`,
    encrypted: () => `gAAAAABp${chars(B64URL, 150)}`,
  };
}
