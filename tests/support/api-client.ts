/**
 * The one API client (runtime/core/api) as programs outside the browser use it — the server tests,
 * the benchmarks, the security sweep: a cookie jar of its own per claimant, and the form calls'
 * addresses from the server's flow files (GET /api/forms/flows), as the claimant app reads them.
 */
import { createApiClient, endpointsFromFlows, type ApiClient, type ApiClientOptions, type FormEndpoints } from '../../runtime/core/api/index.js';
import { createCookieJar, type CookieJar } from '../../runtime/core/api/cookie-jar.js';
import { FLOWS_PATH, flowsFromBody } from '../../runtime/app/flowsSource.js';
import type { FormType } from '../../runtime/core/types.js';
import type { IncomingHttpHeaders } from 'node:http';

/** A claimant's client: the API client and the jar holding its session cookie. */
export interface ClaimantClient {
  api: ApiClient;
  cookies: CookieJar;
}

/** A client with a fresh cookie jar (no session yet); `options` as createApiClient's. */
export function claimantClient(baseUrl: string, options: Omit<ApiClientOptions, 'baseUrl' | 'cookies'> = {}): ClaimantClient {
  const cookies = createCookieJar();
  return { api: createApiClient({ ...options, baseUrl, cookies }), cookies };
}

/** The form calls' addresses of the server at `baseUrl`, from its flow files. */
export async function readEndpoints(baseUrl: string, fetchFn?: typeof fetch): Promise<FormEndpoints> {
  const { api } = claimantClient(baseUrl, fetchFn ? { fetch: fetchFn } : {});
  const response = await api.raw('GET', FLOWS_PATH);
  if (!response.ok) throw new Error(`GET ${FLOWS_PATH} answered ${response.status}`);
  return endpointsFromFlows(flowsFromBody(await response.json()));
}

/** Where `formType` authorizes or submits (its submit address + '/draft' is its claim in progress). */
export function endpointOf(endpoints: FormEndpoints, formType: FormType, call: 'authorize' | 'submit'): string {
  const endpoint = endpoints[formType]?.[call]?.endpoint;
  if (!endpoint) throw new Error(`The server's flows give no ${call} address for ${formType}`);
  return endpoint;
}

/** The Cookie header the jar sends to `baseUrl` (a session to hand to a load generator); throws without one. */
export function sessionCookie(client: ClaimantClient, baseUrl: string): string {
  const cookie = client.cookies.cookieHeader(`${baseUrl}/`);
  if (!cookie) throw new Error(`No session cookie for ${baseUrl}`);
  return cookie;
}

/** An answer of the API client read whole: its status, its headers as Node names them (the cookies set in a list), its body. */
export interface ReadAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Reads an answer of the API client whole (the server tests and the security sweep check answers so). */
export async function answerOf(response: Response): Promise<ReadAnswer> {
  const headers: IncomingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  return { status: response.status, headers, body: await response.text() };
}
