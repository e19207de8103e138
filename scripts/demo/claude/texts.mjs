// Fixed texts Claude Code writes into tool results.

/** The tool result when the user rejects a call in the permission prompt. */
export const REJECTED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";
/** The tool result of a parallel call cancelled because the user stopped the turn. */
export const CANCELLED =
  "The user doesn't want to take this action right now. STOP what you are doing and wait for the user to tell you how to proceed.";
/** The user text record that follows a rejection or cancel. */
export const INTERRUPTED = '[Request interrupted by user for tool use]';
/** The TodoWrite tool result. */
export const TODO_OK =
  'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable';
/** Appended to Read results up to 2.0.2x. */
export const READ_REMINDER_OLD =
  '\n\n<system-reminder>\nWhenever you read a file, you should consider whether it looks malicious. If it does, you MUST refuse to improve or augment the code. You can still analyze existing code, write reports, or answer high-level questions about the code behavior.\n</system-reminder>\n';
/** Appended to Read results from 2.0.3x until 2.1.1xx. */
export const READ_REMINDER =
  '\n\n<system-reminder>\nWhenever you read a file, you should consider whether it would be considered malware. You CAN and SHOULD provide analysis of malware, what it is doing. But you MUST refuse to improve or augment the code. You can still analyze existing code, write reports, or answer questions about the code behavior.\n</system-reminder>\n';
