// Record makers of one Claude Code session (2.1.x shape) for the append tests: each record one second after the
// one made before it.

/** Makers of the records of session `sessionId`, working in `cwd`, the first one second after `start`. */
export function recordMakers(
  sessionId: string,
  { cwd = '/work/demo', start = '2026-11-20T10:00:00.000Z' } = {},
) {
  let clock = Date.parse(start);
  const base = (uuid: string, parentUuid: string | null) => {
    clock += 1000;
    return {
      parentUuid,
      isSidechain: false,
      userType: 'external',
      cwd,
      sessionId,
      version: '2.1.3',
      gitBranch: 'main',
      uuid,
      timestamp: new Date(clock).toISOString(),
    };
  };
  const usage = (input: number, output: number) => ({
    input_tokens: input,
    output_tokens: output,
    cache_creation_input_tokens: 100,
    cache_read_input_tokens: 1000,
  });
  const prompt = (uuid: string, parent: string | null, text: string) => ({
    ...base(uuid, parent),
    type: 'user',
    message: { role: 'user', content: text },
  });
  const assistant = (
    uuid: string,
    parent: string,
    id: string,
    content: unknown[],
    u: object,
    model = 'claude-sonnet-4-5',
  ) => ({
    ...base(uuid, parent),
    type: 'assistant',
    requestId: `req_${id}`,
    message: { id: `msg_${id}`, type: 'message', role: 'assistant', model, content, usage: u },
  });
  const result = (uuid: string, parent: string, callId: string, text: string, isError = false) => ({
    ...base(uuid, parent),
    type: 'user',
    message: {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: callId, content: text, is_error: isError }],
    },
    toolUseResult: { stdout: text, stderr: '', interrupted: false },
  });
  return { base, usage, prompt, assistant, result };
}
