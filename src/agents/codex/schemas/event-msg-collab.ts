import { z } from 'zod';
import { openEnum } from '../../../schemas/common/open-enum.js';

/**
 * A sub-agent's status: a word (`pending_init`, `running`, `interrupted`, `shutdown`, `not_found`), or
 * `{completed: final message | null}`, or `{errored: message}`.
 */
export const codexAgentStatusSchema = z.union([
  openEnum(['pending_init', 'running', 'interrupted', 'shutdown', 'not_found']),
  z.looseObject({ completed: z.string().nullable() }),
  z.looseObject({ errored: z.string() }),
]);
export type CodexAgentStatus = z.infer<typeof codexAgentStatusSchema>;

/** Fields every `collab_*_end` event shares. */
const collabBase = {
  call_id: z.string(),
  sender_thread_id: z.string(),
};

/** Fields of collab events aimed at one receiving agent. */
const receiverFields = {
  receiver_thread_id: z.string(),
  receiver_agent_nickname: z.string().nullish(),
  receiver_agent_role: z.string().nullish(),
};

/** `collab_agent_spawn_end`: `spawn_agent` finished; `new_thread_id` is the sub-agent's rollout id. */
export const codexCollabAgentSpawnEndEventSchema = z.looseObject({
  type: z.literal('collab_agent_spawn_end'),
  ...collabBase,
  new_thread_id: z.string().nullish(),
  new_agent_nickname: z.string().nullish(),
  new_agent_role: z.string().nullish(),
  prompt: z.string().nullish(),
  model: z.string().nullish(),
  reasoning_effort: z.string().nullish(),
  status: codexAgentStatusSchema,
});

/** `collab_agent_interaction_end`: `send_input` finished. */
export const codexCollabAgentInteractionEndEventSchema = z.looseObject({
  type: z.literal('collab_agent_interaction_end'),
  ...collabBase,
  ...receiverFields,
  prompt: z.string().nullish(),
  status: codexAgentStatusSchema,
});

/** `collab_waiting_end`: `wait` finished, with the status of each awaited agent. */
export const codexCollabWaitingEndEventSchema = z.looseObject({
  type: z.literal('collab_waiting_end'),
  ...collabBase,
  agent_statuses: z
    .array(
      z.looseObject({
        thread_id: z.string(),
        agent_nickname: z.string().nullish(),
        agent_role: z.string().nullish(),
        status: codexAgentStatusSchema,
      }),
    )
    .nullish(),
  statuses: z.record(z.string(), codexAgentStatusSchema).nullish().describe('Statuses by thread id'),
});

/** `collab_close_end`: `close_agent` finished. */
export const codexCollabCloseEndEventSchema = z.looseObject({
  type: z.literal('collab_close_end'),
  ...collabBase,
  ...receiverFields,
  status: codexAgentStatusSchema,
});

/** `collab_resume_end`: `resume_agent` finished. */
export const codexCollabResumeEndEventSchema = z.looseObject({
  type: z.literal('collab_resume_end'),
  ...collabBase,
  ...receiverFields,
  status: codexAgentStatusSchema,
});
