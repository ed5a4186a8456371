import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { bankStatementMaxBytes } from '@sesxi/contract';
import { loadConfig } from '../../apps/server/src/config.ts';
import { ConfigError } from '../../apps/server/src/config/environment.ts';
import {
  filled,
  hasKubectl,
  inTableOrder,
  isSecret,
  parseEnvFile,
  read,
  readmeNames,
  requiredInProduction,
  root,
  tableDefault,
} from './support.ts';

/* The few fields of the objects that are checked, loosely typed. */
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  ports?: { name: string; containerPort: number }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  env?: unknown[];
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  securityContext: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[] };
  };
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] }; sleep?: { seconds: number } } };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  containers: Container[];
  securityContext: { runAsNonRoot?: boolean; runAsUser?: number };
  terminationGracePeriodSeconds?: number;
  topologySpreadConstraints?: { labelSelector: { matchLabels: Record<string, string> } }[];
  volumes?: { name: string; emptyDir?: object }[];
}
interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec: Record<string, unknown> & {
    selector?: { matchLabels?: Record<string, string> } | Record<string, string>;
    template?: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
}

const base = 'deploy/kubernetes';
const kubectl = hasKubectl();
const how = kubectl ? 'rendered by kubectl kustomize' : 'files parsed: no kubectl here';

/** The base as kubectl renders it, or (without kubectl) its files and the generated ConfigMap. */
function render(): KubeObject[] {
  if (kubectl) {
    const output = execFileSync('kubectl', ['kustomize', base], { cwd: root, encoding: 'utf8' });
    return parseAllDocuments(output).map((document) => document.toJS() as KubeObject);
  }
  const kustomization = parse(read(`${base}/kustomization.yaml`)) as {
    resources: string[];
    configMapGenerator: { name: string; envs: string[] }[];
  };
  const resources = kustomization.resources.map(
    (file) => parse(read(`${base}/${file}`)) as KubeObject,
  );
  const configMaps = kustomization.configMapGenerator.map(({ name, envs }): KubeObject => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name },
    data: envs.reduce<Record<string, string>>(
      (data, file) => ({ ...data, ...parseEnvFile(read(`${base}/${file}`)) }),
      {},
    ),
    spec: {},
  }));
  return [...configMaps, ...resources];
}

const objects = render();
const only = (kind: string): KubeObject => {
  const found = objects.filter((object) => object.kind === kind);
  if (found.length !== 1) throw new Error(`expected one ${kind}, found ${found.length}`);
  return found[0] as KubeObject;
};
const deployment = only('Deployment');
const pod = deployment.spec.template as NonNullable<KubeObject['spec']['template']>;
const container = pod.spec.containers[0] as Container;
const configMap = only('ConfigMap');
const secretTemplate = parse(read(`${base}/secret.example.yaml`)) as KubeObject;
const configData = configMap.data ?? {};
const secretData = secretTemplate.stringData ?? {};
const podLabels = pod.metadata.labels;
const selects = (selector: Record<string, string> | undefined) =>
  selector !== undefined &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([key, value]) => podLabels[key] === value);
const portNamed = (name: string | number) =>
  container.ports?.find((port) => port.name === name || port.containerPort === name);

/** The whole environment a pod gets: the ConfigMap and the Secret, as envFrom reads them. */
const podEnvironment = () => ({ ...configData, ...secretData });

describe(`kustomize base (${how})`, () => {
  it('holds a Deployment, Service, Ingress, autoscaler, disruption budget, ConfigMap, policy', () => {
    expect(objects.map((object) => object.kind).sort()).toEqual(
      [
        'ConfigMap',
        'Deployment',
        'HorizontalPodAutoscaler',
        'Ingress',
        'NetworkPolicy',
        'PodDisruptionBudget',
        'Service',
      ].sort(),
    );
  });

  it('runs the image named sesxi, configured only from the ConfigMap and the Secret', () => {
    expect(pod.spec.containers).toHaveLength(1);
    expect(container.image.split(':')[0]).toBe('sesxi');
    expect(container.env).toBeUndefined();
    expect(container.envFrom).toEqual([
      { configMapRef: { name: configMap.metadata.name } },
      { secretRef: { name: secretTemplate.metadata.name } },
    ]);
    expect(secretTemplate.kind).toBe('Secret');
  });

  it('probes readiness on /readyz and liveness on /healthz, on the port the server listens on', () => {
    expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
    const port = Number(configData.PORT ?? tableDefault('PORT'));
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      expect(portNamed(probe?.httpGet?.port ?? '')?.containerPort).toBe(port);
    }
    if (container.startupProbe) expect(container.startupProbe.httpGet?.path).toBe('/healthz');
  });

  it('asks for 384Mi of memory and is limited to 768Mi', () => {
    expect(container.resources.requests.memory).toBe('384Mi');
    expect(container.resources.limits.memory).toBe('768Mi');
  });

  it('runs as a non-root user on a read-only root filesystem, /tmp apart, with no capabilities', () => {
    expect(pod.spec.securityContext.runAsNonRoot).toBe(true);
    // By number: the kubelet cannot check that the image's user name `node` is not root.
    expect(pod.spec.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
    expect(container.securityContext.allowPrivilegeEscalation).toBe(false);
    expect(container.securityContext.capabilities?.drop).toEqual(['ALL']);
    const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
    const volume = pod.spec.volumes?.find((candidate) => candidate.name === tmp?.name);
    expect(volume?.emptyDir).toBeDefined();
  });

  it('spreads its pods over zones and nodes', () => {
    const constraints = pod.spec.topologySpreadConstraints ?? [];
    expect(constraints.length).toBeGreaterThan(0);
    for (const constraint of constraints) {
      expect(selects(constraint.labelSelector.matchLabels)).toBe(true);
    }
  });

  it('gives a stopping pod longer than its preStop pause, the drain and the close', () => {
    const preStop = container.lifecycle?.preStop;
    const pause =
      preStop?.sleep?.seconds ??
      Number(/^sleep$/.test(preStop?.exec?.command[0] ?? '') ? preStop?.exec?.command[1] : NaN);
    expect(pause).toBeGreaterThan(0);
    // The server's own numbers: SHUTDOWN_DRAIN_MS as configured, then closeWithGrace's delay.
    const drainMs = loadConfig(filled(podEnvironment())).shutdownDrainMs;
    const delay = /delay:\s*config\.shutdownDrainMs\s*\+\s*([\d_]+)/.exec(
      read('apps/server/src/main.ts'),
    )?.[1];
    expect(delay, 'closeWithGrace delay in apps/server/src/main.ts').toBeDefined();
    const closeMs = Number(delay?.replaceAll('_', ''));
    const grace = pod.spec.terminationGracePeriodSeconds ?? 30;
    expect(grace * 1000).toBeGreaterThan(pause * 1000 + drainMs + closeMs);
  });

  it('serves the pods through the Service and the Ingress, uploads included', () => {
    const service = only('Service');
    expect(selects(service.spec.selector as Record<string, string>)).toBe(true);
    const servicePorts = service.spec.ports as { name: string; targetPort: string | number }[];
    expect(servicePorts.map((port) => portNamed(port.targetPort)?.name)).toEqual(['http']);
    const ingress = only('Ingress');
    const rules = ingress.spec.rules as {
      host: string;
      http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] };
    }[];
    const backend = rules[0]?.http.paths[0]?.backend.service;
    expect(backend?.name).toBe(service.metadata.name);
    expect(servicePorts.map((port) => port.name)).toContain(backend?.port.name);
    // The public address the server makes links with is the one the Ingress serves, over TLS.
    const host = new URL(configData.APP_URL ?? '').host;
    expect(rules.map((rule) => rule.host)).toEqual([host]);
    const tls = ingress.spec.tls as { hosts: string[] }[];
    expect(tls.flatMap((entry) => entry.hosts)).toEqual([host]);
    const bodySize = ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size'];
    expect(Number(/^(\d+)m$/.exec(bodySize ?? '')?.[1]) * 1024 * 1024).toBeGreaterThan(
      bankStatementMaxBytes,
    );
  });

  it('keeps the metrics port off the Service, on the pod when the README has it', () => {
    const service = only('Service');
    const servicePorts = service.spec.ports as { targetPort: string | number }[];
    const metrics = portNamed('metrics');
    expect(servicePorts.some((port) => portNamed(port.targetPort) === metrics)).toBe(
      metrics === undefined,
    );
    if (readmeNames().includes('METRICS_PORT')) {
      expect(metrics?.containerPort).toBe(Number(tableDefault('METRICS_PORT')));
      expect(configData.METRICS_PORT ?? tableDefault('METRICS_PORT')).toBe(
        String(metrics?.containerPort),
      );
    }
  });

  it('scales from two pods and lets at most one go at a time', () => {
    const hpa = only('HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata.name,
    });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(deployment.spec.replicas).toBeUndefined();
    const pdb = only('PodDisruptionBudget');
    expect(
      selects((pdb.spec.selector as { matchLabels: Record<string, string> }).matchLabels),
    ).toBe(true);
    expect(pdb.spec.maxUnavailable).toBe(1);
    expect(selects(deployment.spec.selector?.matchLabels as Record<string, string>)).toBe(true);
  });

  it('lets traffic in only to the public port, and metrics only to their port', () => {
    const policy = only('NetworkPolicy');
    expect(
      selects((policy.spec.podSelector as { matchLabels: Record<string, string> }).matchLabels),
    ).toBe(true);
    expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    const ingress = policy.spec.ingress as { ports: { port: string | number }[] }[];
    const ports = ingress.flatMap((rule) => rule.ports.map((port) => portNamed(port.port)?.name));
    expect(ports.sort()).toEqual(
      ['http', portNamed('metrics') && 'metrics'].filter(Boolean).sort(),
    );
  });
});

describe('the ConfigMap and the Secret template', () => {
  it("hold only variables of the README's table, each in one of them", () => {
    const table = new Set(readmeNames());
    const names = inTableOrder([...Object.keys(configData), ...Object.keys(secretData)]);
    expect(names.filter((name) => !table.has(name))).toEqual([]);
    expect(Object.keys(configData).filter((name) => name in secretData)).toEqual([]);
  });

  it('keep every credential in the Secret, and the Secret has every one of them', () => {
    expect(Object.keys(configData).filter(isSecret)).toEqual([]);
    expect(Object.keys(secretData).sort()).toEqual(readmeNames().filter(isSecret).sort());
    for (const value of Object.values(secretData)) expect(value).toBe('');
  });

  it('are refused as they stand, naming each empty placeholder that is needed', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        return error.problems.map((problem) => problem.split(':')[0]).sort();
      }
      return [];
    };
    const env = podEnvironment();
    const empty = (names: string[]) => names.filter((name) => (env[name] ?? '') === '').sort();
    const required = requiredInProduction();
    expect(empty(required).length).toBeGreaterThan(0);
    expect(problemsOf(env)).toEqual(empty(required));
    // With those filled in, the bucket's placeholders are still refused.
    const bucket = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    expect(empty(bucket).length).toBeGreaterThan(0);
    expect(problemsOf(filled(env, (name) => required.includes(name)))).toEqual(empty(bucket));
  });

  it('start production on PostgreSQL, Redis and S3 once filled in', () => {
    const config = loadConfig(filled(podEnvironment()));
    expect(config.services.mode).toBe('production');
    expect(config.database.driver).toBe('postgres');
    expect(config.redisUrl).toBeDefined();
    expect(config.storage.driver).toBe('s3');
    expect(config.host).toBe('0.0.0.0');
    expect(config.trustProxy).not.toBe(false);
  });
});

/** The README's "Production" section, its whitespace folded. */
const production = (
  read('README.md')
    .split(/^## Production$/m)[1]
    ?.split(/^## /m)[0] ?? ''
).replace(/\s+/g, ' ');

describe("the README's Production section", () => {
  it('states the numbers of the base', () => {
    const hpa = only('HorizontalPodAutoscaler').spec;
    const grace = pod.spec.terminationGracePeriodSeconds ?? 30;
    const pause = container.lifecycle?.preStop?.exec?.command[1];
    const drainMs = loadConfig(filled(podEnvironment())).shutdownDrainMs;
    expect(production).toContain(`${String(hpa.minReplicas)} to ${String(hpa.maxReplicas)}`);
    expect(production).toContain(`allows ${String(grace)} s in all`);
    expect(production).toContain(`${String(pause)} s \`preStop\` pause`);
    expect(production).toContain(`\`SHUTDOWN_DRAIN_MS\` (${String(drainMs / 1000)} s)`);
    expect(production).toContain(`compose allows ${String(grace)} s`);
    expect(production).toContain(
      `${container.resources.requests.memory} of memory asked for and ${container.resources.limits.memory} at most`,
    );
  });

  it.skipIf(!kubectl)('has an overlay example that kubectl renders into a working setup', () => {
    const example = /```yaml\n(# overlays\/production\/kustomization\.yaml\n[\s\S]*?)```/.exec(
      read('README.md'),
    )?.[1];
    expect(example).toBeDefined();
    const dir = mkdtempSync(resolve(tmpdir(), 'sesxi-overlay-'));
    try {
      const overlay = resolve(dir, 'overlays/production');
      mkdirSync(overlay, { recursive: true });
      symlinkSync(resolve(root, 'deploy'), resolve(dir, 'deploy'));
      writeFileSync(resolve(overlay, 'kustomization.yaml'), example ?? '');
      // What the operator fills in: every empty ConfigMap placeholder, every key of the Secret.
      const settings = filled(
        Object.fromEntries(Object.entries(configData).filter(([, v]) => v === '')),
      );
      const envLines = (env: Record<string, string>) =>
        Object.entries(env)
          .map(([name, value]) => `${name}=${value}\n`)
          .join('');
      writeFileSync(resolve(overlay, 'config.env'), envLines(settings));
      writeFileSync(resolve(overlay, 'secrets.env'), envLines(filled(secretData)));
      const rendered = parseAllDocuments(
        execFileSync('kubectl', ['kustomize', overlay], { encoding: 'utf8' }),
      ).map((document) => document.toJS() as KubeObject);
      const kind = (name: string) => rendered.find((object) => object.kind === name);
      const image = kind('Deployment')?.spec.template?.spec.containers[0]?.image;
      expect(image).toBe('registry.example.ge/sesxi:2026.11.1');
      const rules = kind('Ingress')?.spec.rules as { host: string }[];
      expect(rules[0]?.host).toBe('loans.example.ge');
      const secret = kind('Secret');
      const data = Object.fromEntries(
        Object.entries(secret?.data ?? {}).map(([name, value]) => [
          name,
          Buffer.from(value, 'base64').toString(),
        ]),
      );
      const config = loadConfig({ ...kind('ConfigMap')?.data, ...data });
      expect(config.services.mode).toBe('production');
      expect(config.storage.driver).toBe('s3');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
