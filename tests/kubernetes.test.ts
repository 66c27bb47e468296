// The Kubernetes manifests an operator applies (deploy/kubernetes): each is a valid object of its
// kind, offline, and they agree with the server they run: the port it listens on, the probe paths
// it answers, the variables it reads, the memory budget it is given and the user the image runs as.
import fs from 'node:fs';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ENV_NAMES } from '../server/site/env.js';
import { LIMIT_ENV_NAMES } from '../server/site/work/limits.js';
import { startApp, type AppServer } from './support/app-server.js';

const folder = path.resolve('deploy/kubernetes');
const MODELS: Record<string, { new (data: never): { validate(): void } }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

// biome-ignore lint/suspicious/noExplicitAny: manifests are read as plain YAML and checked field by field
type Manifest = any;
const kustomization = YAML.parse(fs.readFileSync(path.join(folder, 'kustomization.yaml'), 'utf8'));
const manifests: Manifest[] = (kustomization.resources as string[]).flatMap((file) =>
  YAML.parseAllDocuments(fs.readFileSync(path.join(folder, file), 'utf8')).map((doc) => ({ ...doc.toJS(), file })),
);
const byKind = (kind: string): Manifest => manifests.find((manifest) => manifest.kind === kind);
const deployment = byKind('Deployment');
const pod = deployment.spec.template;
const container = pod.spec.containers[0];

describe('the Kubernetes manifests', () => {
  it('are all applied by the kustomization, and each is a valid object of its kind', () => {
    const files = fs.readdirSync(folder).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
    for (const manifest of manifests) {
      const { file, ...object } = manifest;
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model, `${file}: no model for ${object.apiVersion} ${object.kind}`).toBeDefined();
      expect(() => new Model(object as never).validate(), file).not.toThrow();
    }
  });

  it('set only variables the server reads', () => {
    const known = new Set([...Object.values(ENV_NAMES), ...Object.values(LIMIT_ENV_NAMES), 'LOG_LEVEL', 'NODE_ENV']);
    const names = [...container.env.map((variable: { name: string }) => variable.name), ...Object.keys(byKind('ConfigMap').data)];
    expect(names.filter((name) => !known.has(name))).toEqual([]);
    expect(container.envFrom).toEqual([{ configMapRef: { name: byKind('ConfigMap').metadata.name } }]);
  });

  it('give the server its memory budget from the same number as the pod limit', () => {
    const memory = container.env.find((variable: { name: string }) => variable.name === 'MEMORY_MB');
    expect(memory.valueFrom.resourceFieldRef).toEqual({ containerName: container.name, resource: 'limits.memory', divisor: '1Mi' });
    expect(container.resources.requests.memory).toBe(container.resources.limits.memory);
  });

  it('run as the image user, read-only, with the data folder on a volume', () => {
    const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
    const [, uid] = /^USER (\d+):\d+$/m.exec(dockerfile)!;
    expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: Number(uid) });
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
    const dataDir = container.env.find((variable: { name: string }) => variable.name === 'DATA_DIR').value;
    const mount = container.volumeMounts.find((candidate: { mountPath: string }) => candidate.mountPath === dataDir);
    expect(pod.spec.volumes.map((volume: { name: string }) => volume.name)).toContain(mount.name);
  });

  it('route every Service, budget, autoscaler and policy to the Deployment pods on the port the server listens on', () => {
    const port = container.ports.find((candidate: { name: string }) => candidate.name === 'http');
    expect(String(port.containerPort)).toBe(container.env.find((variable: { name: string }) => variable.name === 'PORT').value);
    expect(/^EXPOSE (\d+)$/m.exec(fs.readFileSync('Dockerfile', 'utf8'))![1]).toBe(String(port.containerPort));
    const labels = pod.metadata.labels;
    const selects = (selector: Record<string, string>) => Object.entries(selector).every(([key, value]) => labels[key] === value);
    for (const service of manifests.filter((manifest) => manifest.kind === 'Service')) {
      expect(selects(service.spec.selector), service.file).toBe(true);
      expect(service.spec.ports.map((p: { targetPort: string }) => p.targetPort)).toEqual(['http']);
    }
    expect(byKind('Service').spec.clusterIP).toBeUndefined();
    expect(manifests.some((manifest) => manifest.kind === 'Service' && manifest.spec.clusterIP === 'None')).toBe(true);
    expect(selects(deployment.spec.selector.matchLabels)).toBe(true);
    expect(selects(byKind('PodDisruptionBudget').spec.selector.matchLabels)).toBe(true);
    expect(selects(byKind('NetworkPolicy').spec.podSelector.matchLabels)).toBe(true);
    expect(byKind('HorizontalPodAutoscaler').spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata.name });
    expect(byKind('Ingress').spec.rules[0].http.paths[0].backend.service.name).toBe(byKind('Service').metadata.name);
  });

  it('leave the server time to drain in-flight requests after SIGTERM', () => {
    const [, seconds] = container.lifecycle.preStop.exec.command;
    // bin/docsite.ts gives requests in flight 10 s after SIGTERM.
    expect(pod.spec.terminationGracePeriodSeconds).toBeGreaterThan(Number(seconds) + 10);
  });

  describe('against the real server', () => {
    let app: AppServer;
    beforeAll(async () => {
      app = await startApp();
    });
    afterAll(async () => {
      await app?.stop();
    });

    it('probes paths the server answers with 200 once it listens', async () => {
      const probes = [container.startupProbe, container.readinessProbe, container.livenessProbe];
      for (const probe of probes) {
        expect(probe.httpGet.port).toBe('http');
        expect((await fetch(app.url + probe.httpGet.path)).status, probe.httpGet.path).toBe(200);
      }
      expect(probes.map((probe) => probe.httpGet.path)).toEqual(['/readyz', '/readyz', '/healthz']);
    });
  });
});
