/**
 * DeviceFarmer STF as a device source: take a device for this worker (POST /api/v1/user/devices), open remote
 * adb on it (POST …/remoteConnect → remoteConnectUrl), hand the worker that HOST:PORT, and give the device back
 * on exit (DELETE …/remoteConnect, DELETE /api/v1/user/devices/SERIAL). Bearer token auth; the adb key of this
 * host must be registered with STF, as for `adb connect`. Every request has a timeout.
 */
import { readCapped } from '../device/bounded-body.js';
import { GlanceError } from '../errors.js';

/** STF's API replies are small JSON objects; a larger body is refused at this size. */
export const STF_MAX_REPLY_BYTES = 1024 * 1024;

export interface StfOptions {
  /** STF's base URL (`https://stf.example.com`). */
  url: string;
  /** An access token generated in STF's settings. */
  token: string;
  serial: string;
  /** How long STF keeps the device for us without activity, ms (STF's own default when absent). */
  leaseMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface StfLease {
  serial: string;
  /** The remote adb endpoint, `HOST:PORT`. */
  address: string;
  release(): Promise<void>;
}

async function call(o: StfOptions, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const url = `${o.url.replace(/\/$/, '')}${path}`;
  const signals = [AbortSignal.timeout(o.timeoutMs ?? 15_000), ...(o.signal === undefined ? [] : [o.signal])];
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${o.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.any(signals),
      redirect: 'manual',
    });
  } catch (e) {
    throw new GlanceError('STF_FAILED', `STF at ${o.url} did not answer ${method} ${path}`, {
      hint: 'check the STF URL and that it is reachable from this host',
      context: { url, method },
      cause: e,
    });
  }
  let text: string;
  try {
    // The request's signal (with its timeout) also bounds the body.
    text = await readCapped(res, STF_MAX_REPLY_BYTES, `STF ${method} ${path}`, 'check that the STF URL points at STF');
  } catch (e) {
    if (e instanceof GlanceError) throw e;
    throw new GlanceError('STF_FAILED', `STF at ${o.url} stopped answering ${method} ${path}`, {
      hint: 'check the STF URL and that it is reachable from this host',
      context: { url, method },
      cause: e,
    });
  }
  let json: Record<string, unknown> = {};
  try {
    json = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  } catch {
    // Not JSON: the status line says enough below.
  }
  if (!res.ok || json['success'] === false) {
    const why = typeof json['description'] === 'string' ? json['description'] : `HTTP ${res.status}`;
    throw new GlanceError('STF_FAILED', `STF refused ${method} ${path}: ${why}`, {
      hint:
        res.status === 401 || res.status === 403
          ? 'the access token is wrong or expired: generate one in STF settings'
          : 'the device may be in use by someone else or not present; pick another serial',
      context: { url, method, status: res.status },
    });
  }
  return json;
}

/** Takes the device and opens remote adb on it; the lease's `release` gives it back (also after a failure). */
export async function leaseStfDevice(o: StfOptions): Promise<StfLease> {
  const serial = encodeURIComponent(o.serial);
  await call(o, 'POST', '/api/v1/user/devices', { serial: o.serial, ...(o.leaseMs === undefined ? {} : { timeout: o.leaseMs }) });
  const release = async (): Promise<void> => {
    // Released even when the run was aborted: the device must go back to the pool.
    const { signal: _aborted, ...stop } = o;
    await call(stop, 'DELETE', `/api/v1/user/devices/${serial}/remoteConnect`).catch(() => undefined);
    await call(stop, 'DELETE', `/api/v1/user/devices/${serial}`);
  };
  try {
    const r = await call(o, 'POST', `/api/v1/user/devices/${serial}/remoteConnect`);
    const address = r['remoteConnectUrl'];
    if (typeof address !== 'string' || !/^[\w.-]+:\d+$/.test(address)) {
      throw new GlanceError('STF_FAILED', `STF gave no usable remoteConnectUrl for ${o.serial}`, {
        context: { remoteConnectUrl: address },
      });
    }
    return { serial: o.serial, address, release };
  } catch (e) {
    await release().catch(() => undefined);
    throw e;
  }
}
