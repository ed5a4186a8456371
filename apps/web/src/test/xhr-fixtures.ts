import { vi } from 'vitest';

type Handler = ((event: ProgressEvent) => void) | null;

function progressEvent(loaded: number, total: number): ProgressEvent {
  return { lengthComputable: true, loaded, total } as ProgressEvent;
}

/**
 * An XMLHttpRequest that hands its request to `fetch` (so `mockFetch` and `mockApi` answer
 * uploads as they answer every other call) and lets a test report upload progress.
 */
export class FakeXMLHttpRequest {
  static readonly sent: FakeXMLHttpRequest[] = [];

  readonly upload = { onprogress: null as Handler };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  readonly headers = new Headers();
  body: XMLHttpRequestBodyInit | null = null;
  private answerHeaders = new Headers();
  private aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  getResponseHeader(name: string): string | null {
    return this.answerHeaders.get(name);
  }

  /** Reports `loaded` of `total` bytes sent, as the browser does while the body goes out. */
  reportProgress(loaded: number, total: number) {
    this.upload.onprogress?.(progressEvent(loaded, total));
  }

  abort() {
    this.aborted = true;
    this.onabort?.(progressEvent(0, 0));
  }

  send(body: XMLHttpRequestBodyInit | null = null) {
    this.body = body;
    FakeXMLHttpRequest.sent.push(this);
    fetch(this.url, { method: this.method, headers: this.headers, body }).then(
      async (response) => {
        if (this.aborted) return;
        this.status = response.status;
        this.answerHeaders = response.headers;
        this.responseText = await response.text();
        this.onload?.(progressEvent(0, 0));
      },
      () => {
        if (!this.aborted) this.onerror?.(progressEvent(0, 0));
      },
    );
  }
}

/** Replaces XMLHttpRequest with the fake (the setup file restores it after each test). */
export function mockXhr() {
  FakeXMLHttpRequest.sent.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return FakeXMLHttpRequest.sent;
}
