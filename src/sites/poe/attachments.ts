/**
 * What a prompt sent on poe.com shows of the files it carried (src/sites/prompt-files.ts): a file
 * card's name (`FileInfo_title` in an `Attachments_attachment`, as elifiner/poelog content.js
 * @5c4b0dd7d56d498b1f446827d092df4e619c7877 reads it; `FileAttachment_fileName`) and pictures in the
 * prompt's bubble.
 */
import type { AttachmentSent } from '../../domain/turns';
import type { PageMessage } from '../types';
import { filesShown } from '../prompt-files';
import { poeSite } from './facts';

const { fileName, promptPicture: picture } = poeSite.otherSelectors;

export const readPoeAttachments = ({ role, element }: PageMessage): AttachmentSent[] => (role === 'user' ? filesShown(element, { fileName, picture }) : []);
