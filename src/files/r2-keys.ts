// Every R2 key the service writes, built in one place: stored files (spec: `files/<sha256>.<ext>`), uploads in
// flight, raw page snapshots (SVC_CAPTURE_RAW_DIR) and task results too large for a Durable Object row (D54).

/** Key of a stored file: `files/<sha256>.<ext>` (spec), the same string as `file.path` and the artifact's path. */
export const fileKey = (sha256: string, ext: string): string => `files/${sha256}.${ext}`;

/** Prefix of in-flight uploads of large files, whose digest (and so final key) is not known yet. */
export const TEMP_PREFIX = 'tmp/files/';

/** A raw page snapshot under the operator's SVC_CAPTURE_RAW_DIR prefix (trailing slashes of the prefix ignored). */
export const snapshotKey = (dir: string, rawSha256: string): string => `${dir.replace(/\/+$/, '')}/${rawSha256}.html`;

/** Prefix of every offloaded result of one batch or crawl. */
export const taskResultsPrefix = (taskId: string): string => `results/${taskId}/`;

/** A captured unit's result: position and attempt, so a second capture of the same unit never overwrites the first. */
export const resultKey = (taskId: string, index: number, attempt: number): string =>
  `${taskResultsPrefix(taskId)}${index}-${attempt}.json`;

/** The result written when a unit's message was dead-lettered. */
export const deadLetterResultKey = (taskId: string, index: number): string => `${taskResultsPrefix(taskId)}${index}-dead.json`;
