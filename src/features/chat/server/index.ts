/**
 * The chat feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { closeConversation, conversationHistory, listConversations, markAgentRead, releaseConversation, replyToConversation, takeConversation } from '~/features/chat/server/agent-chat';
export { closeChatHubs } from '~/features/chat/server/hub';
export { openConsoleStream, openUserStream, resumeAfter } from '~/features/chat/server/streams';
export { chatOrderChoices, markUserRead, sendOwnerMessage, sendUserMessage, userHistory } from '~/features/chat/server/user-chat';
export { chatCaller, visitorTokenOf } from '~/features/chat/server/caller';
export { joinVisitor, mintVisitor } from '~/features/chat/server/visitors';
export { userChatState } from '~/features/chat/server/views';
