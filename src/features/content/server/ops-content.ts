/**
 * What the console's two Markdown editors share (permission `content`): the live
 * preview, rendered by the very function that renders what gets published, and images uploaded
 * for the content through the upload service (purpose `content`).
 */
import type { ContentImage, MarkdownPreview } from '~/features/content/contract/content';
import type { Db } from '~/platform/db/client';
import { renderBodyForStorage } from '~/features/content/server/help';
import { storeOwnedImage } from '~/platform/db/uploads';
import { writeAudit, type OperatorActor } from '~/features/console/server';

/**
 * The HTML the body will publish as (help pages store exactly this; announcements render exactly
 * this when read). A body the renderer refuses is the same 400 a save would get.
 */
export function previewMarkdown(bodyMd: string): MarkdownPreview {
  return { html: renderBodyForStorage(bodyMd).html };
}

/** Store an image for content and answer what Markdown embeds (the detail variant). */
export async function uploadContentImage(db: Db, actor: OperatorActor, bytes: Uint8Array, now: Date): Promise<ContentImage> {
  const image = await storeOwnedImage(db, { kind: 'operator', operatorId: actor.operatorId }, 'content', bytes, now, {
    onStored: async (tx, stored) => {
      await writeAudit(tx, actor, { action: 'content.image_upload', targetType: 'upload', targetId: stored.id, after: { url: stored.detail_url, width: stored.width, height: stored.height } }, now);
    },
  });
  return { id: image.id, url: image.detail_url, width: image.width, height: image.height, markdown: `![图片](${image.detail_url})` };
}
