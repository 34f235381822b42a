import type { FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES } from '../../../../shared/deployment';
import { hasControlCharacter } from '../../../../shared/names';
import type { DeploySource } from '../../../domain/deployments/deployments';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../../errors';

export interface Upload {
  subdomain: string;
  source: DeploySource;
  /** The team a new site goes to, when the form names one. */
  teamId: string | null;
}

function kindOf(fileName: string): 'html' | 'zip' | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.html') || lower.endsWith('.htm')) return 'html';
  if (lower.endsWith('.zip')) return 'zip';
  return null;
}

/** Reads a multipart deploy: the first file (.html or .zip, ≤ 10 MB) and the subdomain field. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.noFile);
  try {
    return await readParts(request);
  } catch (err) {
    // The size limit surfaces from the file stream or from the parts iterator.
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw payloadTooLarge(UPLOAD_MESSAGES.tooLarge);
    }
    // The multipart parser throws plain errors for a body it cannot read (no boundary, a part
    // cut short): the client's fault, not ours.
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
    throw badRequest(UPLOAD_MESSAGES.malformed);
  }
}

async function readParts(request: FastifyRequest): Promise<Upload> {
  let subdomain = '';
  let teamId: string | null = null;
  let source: DeploySource | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname === 'subdomain') subdomain = String(part.value);
      if (part.fieldname === 'teamId' && part.value) teamId = String(part.value);
      continue;
    }
    // Only the first file counts: one upload is one artifact; later ones are read and dropped.
    if (source) {
      part.file.resume();
      continue;
    }
    if (hasControlCharacter(part.filename)) {
      part.file.resume();
      throw badRequest(UPLOAD_MESSAGES.badName);
    }
    const kind = kindOf(part.filename);
    if (!kind) {
      part.file.resume();
      throw unsupportedMediaType(UPLOAD_MESSAGES.wrongType);
    }
    const bytes = await part.toBuffer();
    if (bytes.byteLength === 0) throw badRequest(UPLOAD_MESSAGES.empty);
    if (kind === 'zip' && bytes.readUInt32LE(0) !== 0x04034b50) {
      throw badRequest(UPLOAD_MESSAGES.notZip);
    }
    source = { kind, bytes, name: part.filename.slice(0, 255) };
  }
  if (!source) throw badRequest(UPLOAD_MESSAGES.noFile);
  return { subdomain, source, teamId };
}
