import { z } from 'zod';
import { isObject } from '../../../schemas/common/is-object.js';
import { openEnum } from '../../../schemas/common/open-enum.js';
import { forwardIssues, openDiscriminatedUnion } from '../../../schemas/common/open-union.js';
import { markValidWhen, surelyValid } from '../../../schemas/common/surely-valid.js';

/** `{type:"input_text", text}`: user, developer and harness text; also tool output text. */
export const codexInputTextSchema = z.looseObject({
  type: z.literal('input_text'),
  text: z.string(),
});

/** `{type:"output_text", text}`: assistant text. */
export const codexOutputTextSchema = z.looseObject({
  type: z.literal('output_text'),
  text: z.string(),
});

/** `{type:"input_image", image_url, detail?}`; `image_url` is a data URL or `null` in trimmed logs. */
export const codexInputImageSchema = z.looseObject({
  type: z.literal('input_image'),
  image_url: z.string().nullable().describe('Data URL or http(s) URL of the image'),
  detail: openEnum(['auto', 'low', 'high', 'original']).nullish(),
});

/** `{type:"encrypted_content", encrypted_content}`: opaque content in tool outputs and agent messages. */
export const codexEncryptedContentSchema = z.looseObject({
  type: z.literal('encrypted_content'),
  encrypted_content: z.string(),
});

/**
 * One `ContentItem` of a `message` (`input_text` | `input_image` | `output_text`). Other types are kept:
 * some writers put `text` / `reasoning` items here.
 */
export const codexContentItemSchema = openDiscriminatedUnion('type', {
  input_text: codexInputTextSchema,
  output_text: codexOutputTextSchema,
  input_image: codexInputImageSchema,
});
export type CodexContentItem = z.infer<typeof codexContentItemSchema>;

/** One item of a function/custom tool output array (`input_text` | `input_image` | `encrypted_content`). */
export const codexOutputContentItemSchema = openDiscriminatedUnion('type', {
  input_text: codexInputTextSchema,
  input_image: codexInputImageSchema,
  encrypted_content: codexEncryptedContentSchema,
});
export type CodexOutputContentItem = z.infer<typeof codexOutputContentItemSchema>;

const outputItemsSchema = z.array(codexOutputContentItemSchema);

const outputTextSchema = z.string();

/** The form a tool output is checked as: content items, a single item, or text. */
function toolOutputForm(value: unknown): z.ZodType {
  return Array.isArray(value)
    ? outputItemsSchema
    : isObject(value)
      ? codexOutputContentItemSchema
      : outputTextSchema;
}

/**
 * A tool output as written: a string (the usual form), or content items. Some writers put a single item
 * object where an array is expected; it is accepted as such. Issues keep the precise path of the form tried.
 */
export const codexToolOutputSchema = markValidWhen(
  z.unknown().check((payload) => {
    forwardIssues(payload, toolOutputForm(payload.value).safeParse(payload.value), []);
  }),
  (value) => surelyValid(toolOutputForm(value), value),
) as unknown as z.ZodType<string | CodexOutputContentItem[] | CodexOutputContentItem>;
export type CodexToolOutput = z.infer<typeof codexToolOutputSchema>;
