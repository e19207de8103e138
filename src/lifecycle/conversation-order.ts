/** Conversation ordering is agent-neutral and lives in `model/` (adapters in `agents/` use it); re-exported for lifecycle. */
export {
  type ChainNode,
  type ConversationOrder,
  orderConversation,
  pathToRoot,
} from '../model/conversation-order.js';
