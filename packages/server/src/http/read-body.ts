import type { IncomingMessage } from "node:http";
import { InvalidBodyError } from "../errors/api-error.js";
import { PayloadTooLargeError, UnsupportedMediaTypeError } from "../errors/http-errors.js";

/**
 * Reads a JSON body of at most `maxBytes` bytes. No body reads as `undefined`. A declared or actual
 * size over the limit answers `413`; a body that is not `application/json` answers `415`; text that
 * is not JSON answers `400 invalid_body`.
 */
export function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > maxBytes) return Promise.reject(new PayloadTooLargeError(maxBytes));
  const type = req.headers["content-type"];
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      // After a 413, the rest is read and dropped so the client gets the answer; past 8 × the limit
      // the connection is cut.
      if (failed) {
        if (size > maxBytes * 8) req.destroy();
        return;
      }
      if (size > maxBytes) {
        failed = true;
        reject(new PayloadTooLargeError(maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.on("error", (error) => {
      if (!failed) reject(error);
      failed = true;
    });
    req.on("end", () => {
      if (failed) return;
      if (size === 0) return resolve(undefined);
      if (type !== undefined && !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
        return reject(new UnsupportedMediaTypeError(type));
      }
      const text = Buffer.concat(chunks, size).toString("utf8");
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(InvalidBodyError.at("", "the body is not valid JSON"));
      }
    });
  });
}
