/**
 * What a prompt sent on poe.com shows of the files it carried (src/sites/prompt-files.ts): a file
 * card's name (`FileAttachment_fileName`) and pictures in the prompt's bubble.
 */
import type { AttachmentSent } from '../../domain/turns';
import type { PageMessage } from '../types';
import { filesShown } from '../prompt-files';
import { poeSite } from './facts';

const { fileName, promptPicture: picture } = poeSite.otherSelectors;

export const readPoeAttachments = ({ role, element }: PageMessage): AttachmentSent[] => (role === 'user' ? filesShown(element, { fileName, picture }) : []);
