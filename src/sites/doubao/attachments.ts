/**
 * What a prompt sent on www.doubao.com shows of the files it carried (src/sites/prompt-files.ts): a
 * file's name (`[data-testid="message_nested_content_file_name"]`) and an uploaded picture (a
 * `block_type:10052` block).
 */
import type { AttachmentSent } from '../../domain/turns';
import type { PageMessage } from '../types';
import { filesShown } from '../prompt-files';
import { doubaoSite } from './facts';

const { fileName, uploadedPicture: picture } = doubaoSite.otherSelectors;

export const readDoubaoAttachments = ({ role, element }: PageMessage): AttachmentSent[] => (role === 'user' ? filesShown(element, { fileName, picture }) : []);
