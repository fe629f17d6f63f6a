import type { UploadTransport } from '../core/api';

/**
 * Uploads over XMLHttpRequest, the browser's one request that tells how much of its body has been
 * sent (fetch does not yet): the API client builds the request, this sends it.
 */
export const xhrUpload: UploadTransport = ({ method, url, headers, body, onProgress }) =>
  new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      let answer: unknown;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = undefined;
      }
      resolve({ status: xhr.status, body: answer });
    };
    // No answer: offline, the connection dropped or the request was aborted.
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => resolve(null);
    xhr.send(body);
  });
