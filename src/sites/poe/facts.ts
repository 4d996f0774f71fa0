/**
 * poe.com: the site's one data module (what it is, the selectors its reader reads; see
 * src/sites/site-data.ts). Each answer names its bot in its own header, which the reader finds
 * beside the answer. The registry, the manifest and the popup import only this.
 */
import { defineSite, GENERIC_STOP } from '../site-data';

export const poeSite = defineSite({
  site: 'poe',
  hosts: ['poe.com'],
  modelFamily: 'poe',
  conversationUrls: ['/chat/:id'],
  version: 1,
  selectors: {
    message: ['[class*="ChatMessage_chatMessage"][id^="message-"]', '[class*="ChatMessage_chatMessage"]', '[id^="message-"]'],
    prompt: ['[class*="rightSideMessage"]'],
    answer: ['[class*="BotMessageHeader"], [class*="LeftSideChatMessageHeader"], [class*="LeftSideMessageHeader"], [class*="leftSideMessage"]'],
    text: ['[class*="Message_selectableText"]', '[class*="Markdown_markdownContainer"]', '[class*="Message_messageTextContainer"]'],
    thinking: ['[class*="ThinkingBlock_container"]'],
    bot: ['[class*="BotHeader_textContainer"] > p:not([class*="BotHeader_subText"])'],
    stop: ['button[aria-label="Stop message"]', '[class*="ChatStopMessageButton"]', ...GENERIC_STOP],
  },
  otherSelectors: {
    thinkingText: '[class*="ThinkingBlock_content"]',
    bubble: '[class*="Message_leftSideMessageBubble"], [class*="Message_messageBubbleWrapper"]',
    header: '[class*="BotMessageHeader"], [class*="LeftSideChatMessageHeader"], [class*="LeftSideMessageHeader"]',
    fileName: '[class*="FileInfo_title"], [class*="FileAttachment_fileName"]',
    promptPicture: '[class*="rightSideMessageBubble"] img',
    send: 'button[class*="ChatMessageSendButton"], button[aria-label="Send message"]',
  },
});
