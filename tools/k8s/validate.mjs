#!/usr/bin/env node
// Renders deploy/k8s (base and every overlay) with `kubectl kustomize`, validates every object
// against the Kubernetes schemas (kubernetes-models), and checks the project's own rules against the
// apps' real code: probes, resources and a non-root, read-only securityContext on every Deployment;
// every env var the manifests give the apps is a setting libs/config knows, and the ones a cluster
// needs are provided; commands run an app (and a `worker`/`migrate` command it really has);
// Services, PodDisruptionBudgets, HorizontalPodAutoscalers and the Ingress point at what exists.
//
//   node tools/k8s/validate.mjs              validate the manifests
//   node tools/k8s/validate.mjs --self-test  validate, then also prove the checks reject broken copies of the base
//
// Plain Node ESM, no build. Needs kubectl (with kustomize) on the PATH or KUBECTL=/path/to/kubectl;
// no cluster. Exits non-zero, naming every failure, when anything is wrong.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const K8S = join(ROOT, 'deploy/k8s');
const KUBECTL = process.env.KUBECTL || 'kubectl';
/** The image docker/Dockerfile builds; every app container runs it. */
const APP_IMAGE = 'veolearn-app';
const SECRET_TEMPLATE = join(K8S, 'base/secret.template.yaml');
/** Env vars the manifests may set that are not AppConfig settings (node's own, the Dockerfile's). */
const NON_CONFIG_ENV = new Set(['NODE_OPTIONS', 'APP']);

// ---- what the code says ------------------------------------------------------------------------

/** Every setting AppConfig reads, with the source text of its default (libs/config/src/lib/app-config.ts). */
function configSettings() {
  const source = readFileSync(join(ROOT, 'libs/config/src/lib/app-config.ts'), 'utf8');
  const body = source.slice(source.indexOf('export class AppConfig'));
  const settings = new Map();
  for (const match of body.matchAll(/^ {2}([A-Z][A-Z0-9_]+)(\?)?(?:: [^=;\n]+)?(?: = ([^;\n]+))?;/gm)) {
    settings.set(match[1], { optional: Boolean(match[2]), defaultText: match[3] ?? null });
  }
  if (settings.size < 20) throw new Error(`read only ${settings.size} settings from app-config.ts: has its shape changed?`);
  return settings;
}

/**
 * Settings every app container needs in a cluster: those whose default only works on one machine
 * (127.0.0.1/localhost; the *_SERVICE_HOST ones only matter with TRANSPORT=tcp), JWT_SECRET (its
 * default is refused with NODE_ENV=production), NODE_ENV and TRANSPORT themselves.
 */
function requiredSettings(settings, transport) {
  const required = new Set(['NODE_ENV', 'TRANSPORT', 'JWT_SECRET']);
  for (const [name, { defaultText }] of settings) {
    if (!defaultText || !/127\.0\.0\.1|localhost/.test(defaultText)) continue;
    if (transport === 'nats' && /_SERVICE_HOST$/.test(name)) continue;
    required.add(name);
  }
  return required;
}

/** The apps with an entry (apps/<app>/src/main.ts) and the extra commands each main.ts defines. */
function appCommands() {
  const apps = new Map();
  for (const name of readdirSync(join(ROOT, 'apps'))) {
    const main = join(ROOT, 'apps', name, 'src/main.ts');
    if (!existsSync(main)) continue;
    const text = readFileSync(main, 'utf8');
    const commands = new Set();
    if (text.includes('runServiceCli(')) {
      for (const c of ['serve', 'migrate', 'schema-check']) commands.add(c);
      // The keys of `commands: {...}`: one per line (`    worker: async (config) =>`) or inline (`{ 'seed-admin': seedAdmin }`).
      const block = text.slice(text.indexOf('commands: {'));
      for (const m of block.matchAll(/(?:^ {4}|commands: \{ )(?:'([a-z-]+)'|([a-z]+)): /gm)) commands.add(m[1] ?? m[2]);
    }
    const migrations = existsSync(join(ROOT, 'apps', name, 'src/app/migrations'));
    apps.set(name, { commands, migrations });
  }
  return apps;
}

// ---- rendering and schemas -----------------------------------------------------------------------

function render(dir) {
  try {
    return execFileSync(KUBECTL, ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const detail = error.code === 'ENOENT' ? `${KUBECTL} not found (set KUBECTL)` : String(error.stderr || error.message).trim();
    throw new Error(`kubectl kustomize ${relative(ROOT, dir)} failed: ${detail}`);
  }
}

function parseYaml(text, where) {
  const objects = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length) throw new Error(`${where}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value = doc.toJS();
    if (value !== null && value !== undefined) objects.push(value);
  }
  return objects;
}

const modelModules = new Map();
/** The kubernetes-models class of an apiVersion/kind (core: `kubernetes-models/v1`). */
async function modelClass(apiVersion, kind) {
  const path = `kubernetes-models/${apiVersion}`;
  if (!modelModules.has(path)) modelModules.set(path, await import(path).catch(() => null));
  return modelModules.get(path)?.[kind];
}

const id = (o) => `${o?.kind ?? '?'}/${o?.metadata?.name ?? '?'}`;

async function schemaErrors(objects) {
  const errors = [];
  for (const object of objects) {
    const Model = await modelClass(object.apiVersion, object.kind);
    if (!Model) {
      errors.push(`${id(object)}: no Kubernetes schema for ${object.apiVersion} ${object.kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      errors.push(`${id(object)}: schema: ${String(error.message).replace(/\s+/g, ' ')}`);
    }
  }
  return errors;
}

// ---- the project's rules ----------------------------------------------------------------------

const matches = (selector, labels) =>
  selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

function workloads(objects) {
  return objects
    .filter((o) => o.kind === 'Deployment' || o.kind === 'Job')
    .map((o) => ({ object: o, pod: o.spec?.template?.spec ?? {}, labels: o.spec?.template?.metadata?.labels ?? {} }));
}

/** The project's rules over one rendered set; `secret` is the Secret template. Returns failures. */
function ruleErrors(objects, secret, code) {
  const errors = [];
  const fail = (object, message) => errors.push(`${id(object)}: ${message}`);
  const byKind = (kind) => objects.filter((o) => o.kind === kind);
  const deployments = byKind('Deployment');
  const configMaps = new Map(byKind('ConfigMap').map((c) => [c.metadata.name, c]));
  const claims = new Set(byKind('PersistentVolumeClaim').map((c) => c.metadata.name));
  const secretName = secret.metadata?.name;
  const secretKeys = new Set(Object.keys({ ...secret.stringData, ...secret.data }));

  for (const d of deployments) {
    if (!matches(d.spec?.selector?.matchLabels, d.spec?.template?.metadata?.labels)) fail(d, 'spec.selector does not match its pod template labels');
  }

  for (const { object, pod } of workloads(objects)) {
    const podSecurity = pod.securityContext ?? {};
    const volumes = new Map((pod.volumes ?? []).map((v) => [v.name, v]));
    for (const v of volumes.values()) {
      if (v.configMap && !configMaps.has(v.configMap.name)) fail(object, `volume ${v.name} names ConfigMap ${v.configMap.name}, which is not rendered`);
      if (v.persistentVolumeClaim && !claims.has(v.persistentVolumeClaim.claimName)) fail(object, `volume ${v.name} names PersistentVolumeClaim ${v.persistentVolumeClaim.claimName}, which is not rendered`);
    }
    for (const c of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
      const where = `container ${c.name}`;
      const security = c.securityContext ?? {};
      if (object.kind === 'Deployment') {
        if (!c.readinessProbe) fail(object, `${where} has no readinessProbe`);
        if (!c.livenessProbe) fail(object, `${where} has no livenessProbe`);
      }
      for (const kind of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) {
          if (c.resources?.[kind]?.[resource] === undefined) fail(object, `${where} has no resources.${kind}.${resource}`);
        }
      }
      if ((security.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true) fail(object, `${where} does not set runAsNonRoot: true`);
      const uid = security.runAsUser ?? podSecurity.runAsUser;
      if (typeof uid !== 'number' || uid === 0) fail(object, `${where} needs a numeric non-zero runAsUser (the image's user is a name the kubelet cannot check)`);
      if (security.allowPrivilegeEscalation !== false) fail(object, `${where} does not set allowPrivilegeEscalation: false`);
      if (security.readOnlyRootFilesystem !== true) fail(object, `${where} does not set readOnlyRootFilesystem: true`);
      if (!(security.capabilities?.drop ?? []).includes('ALL')) fail(object, `${where} does not drop ALL capabilities`);
      for (const m of c.volumeMounts ?? []) if (!volumes.has(m.name)) fail(object, `${where} mounts ${m.name}, which is no volume of the pod`);
      if (String(c.image ?? '').split('@')[0].endsWith(':latest')) fail(object, `${where} uses a :latest image`);
      const image = String(c.image ?? '').split('@')[0].replace(/:[^/:]+$/, '');
      if (image === APP_IMAGE || image.endsWith(`/${APP_IMAGE}`)) appContainerErrors(object, c, { configMaps, secretName, secretKeys, code, fail });
    }
  }

  for (const s of byKind('Service')) {
    const targets = deployments.filter((d) => matches(s.spec?.selector, d.spec?.template?.metadata?.labels));
    if (targets.length === 0) {
      fail(s, `selects no Deployment (selector ${JSON.stringify(s.spec?.selector ?? {})})`);
      continue;
    }
    const ports = new Map(targets.flatMap((d) => d.spec.template.spec.containers.flatMap((c) => c.ports ?? [])).map((p) => [p.name, p.containerPort]));
    for (const p of s.spec?.ports ?? []) {
      const target = p.targetPort ?? p.port;
      const known = typeof target === 'number' ? [...ports.values()].includes(target) : ports.has(target);
      if (!known) fail(s, `port ${p.name ?? p.port} targets ${target}, which no selected container declares`);
    }
  }

  for (const pdb of byKind('PodDisruptionBudget')) {
    if (!deployments.some((d) => matches(pdb.spec?.selector?.matchLabels, d.spec?.template?.metadata?.labels))) fail(pdb, 'selects no Deployment');
  }

  const scaled = new Set();
  for (const hpa of byKind('HorizontalPodAutoscaler')) {
    const ref = hpa.spec?.scaleTargetRef ?? {};
    const target = ref.kind === 'Deployment' && deployments.find((d) => d.metadata.name === ref.name);
    if (!target) {
      fail(hpa, `targets ${ref.kind ?? '?'}/${ref.name ?? '?'}, which is not a rendered Deployment`);
      continue;
    }
    scaled.add(target.metadata.name);
    if (target.spec.replicas !== undefined) fail(hpa, `its Deployment ${ref.name} sets spec.replicas, which every apply would reset under the autoscaler`);
    if ((hpa.spec.minReplicas ?? 1) > hpa.spec.maxReplicas) fail(hpa, `minReplicas ${hpa.spec.minReplicas} exceeds maxReplicas ${hpa.spec.maxReplicas}`);
    const needsRequests = (hpa.spec.metrics ?? []).filter((m) => m.type === 'Resource').map((m) => m.resource.name);
    for (const c of target.spec.template.spec.containers) {
      for (const r of needsRequests) if (!c.resources?.requests?.[r]) fail(hpa, `scales on ${r} but ${ref.name}/${c.name} requests none`);
    }
  }
  for (const name of ['gateway', 'generation-worker']) {
    if (deployments.some((d) => d.metadata.name === name) && !scaled.has(name)) errors.push(`Deployment/${name}: no HorizontalPodAutoscaler targets it`);
  }

  const services = new Set(byKind('Service').map((s) => s.metadata.name));
  for (const ing of byKind('Ingress')) {
    for (const rule of ing.spec?.rules ?? []) {
      for (const path of rule.http?.paths ?? []) {
        const backend = path.backend?.service;
        const svc = byKind('Service').find((s) => s.metadata.name === backend?.name);
        if (!svc) fail(ing, `backend ${backend?.name} is not a rendered Service`);
        else if (backend.port?.name && !svc.spec.ports.some((p) => p.name === backend.port.name)) fail(ing, `backend port ${backend.port.name} is not a port of Service ${svc.metadata.name}`);
      }
    }
    if (!(ing.spec?.tls ?? []).every((t) => t.secretName)) fail(ing, 'a tls entry has no secretName');
  }
  void services;

  // README's "migrate first" applies `-l veolearn.io/stage=migrate`: the Job and every ConfigMap it reads carry that label.
  for (const job of byKind('Job')) {
    const stage = (o) => o?.metadata?.labels?.['veolearn.io/stage'] === 'migrate';
    if (!stage(job)) fail(job, 'has no label veolearn.io/stage=migrate (README applies it first with that selector)');
    for (const c of job.spec?.template?.spec?.containers ?? []) {
      for (const ref of (c.envFrom ?? []).map((e) => e.configMapRef?.name).filter(Boolean)) {
        if (configMaps.has(ref) && !stage(configMaps.get(ref))) fail(job, `reads ConfigMap ${ref}, which has no label veolearn.io/stage=migrate and so is not applied before it`);
      }
    }
  }

  // Every schema with migrations is migrated by a Job.
  const jobCommands = byKind('Job').map((j) => (j.spec.template.spec.containers ?? []).map((c) => [...(c.command ?? []), ...(c.args ?? [])].join(' ')).join(' '));
  for (const [app, { migrations }] of code.apps) {
    if (migrations && !jobCommands.some((text) => text.includes(`dist/apps/${app}/main.js migrate`))) errors.push(`Job: no migration Job runs "node dist/apps/${app}/main.js migrate"`);
  }
  return errors;
}

/** An app container: a real command of a real app, env vars AppConfig knows, the required ones provided. */
function appContainerErrors(object, c, { configMaps, secretName, secretKeys, code, fail }) {
  const where = `container ${c.name}`;
  const line = [...(c.command ?? []), ...(c.args ?? [])].join(' ');
  const runs = [...line.matchAll(/node dist\/apps\/([a-z0-9-]+)\/main\.js(?: ([a-z-]+))?/g)];
  if (runs.length === 0) fail(object, `${where} runs no app ("node dist/apps/<app>/main.js", as docker-compose.yml does): ${line || '(image default)'}`);
  for (const [, app, command] of runs) {
    const known = code.apps.get(app);
    if (!known) fail(object, `${where} runs dist/apps/${app}, but apps/${app}/src/main.ts does not exist`);
    else if (command && !known.commands.has(command)) fail(object, `${where} runs "${app} ${command}", a command apps/${app}/src/main.ts does not have (it has: ${[...known.commands].join(', ') || 'none'})`);
  }

  const provided = new Map();
  for (const source of c.envFrom ?? []) {
    if (source.configMapRef) {
      const cm = configMaps.get(source.configMapRef.name);
      if (!cm) fail(object, `${where} reads ConfigMap ${source.configMapRef.name}, which is not rendered`);
      for (const key of Object.keys(cm?.data ?? {})) provided.set(key, { from: `ConfigMap ${source.configMapRef.name}`, value: cm.data[key] });
    } else if (source.secretRef) {
      if (source.secretRef.name !== secretName) fail(object, `${where} reads Secret ${source.secretRef.name}; the template (deploy/k8s/base/secret.template.yaml) is ${secretName}`);
      for (const key of secretKeys) provided.set(key, { from: `Secret ${secretName}` });
    }
  }
  for (const e of c.env ?? []) {
    const ref = e.valueFrom?.secretKeyRef;
    if (ref && (ref.name !== secretName || !secretKeys.has(ref.key))) fail(object, `${where} env ${e.name} reads ${ref.name}/${ref.key}, which the Secret template does not have`);
    provided.set(e.name, { from: 'env', value: e.value });
  }
  for (const [name, { from }] of provided) {
    if (!code.settings.has(name) && !NON_CONFIG_ENV.has(name)) fail(object, `${where} gets ${name} (${from}), which is no setting of libs/config/src/lib/app-config.ts (a typo?)`);
  }
  const transport = provided.get('TRANSPORT')?.value;
  for (const name of requiredSettings(code.settings, transport)) {
    if (!provided.has(name)) fail(object, `${where} is not given ${name}, which it needs outside one machine (ConfigMap or Secret)`);
  }
  if (runs.some(([, app]) => app === 'gateway')) {
    const port = Number(provided.get('PORT')?.value ?? code.settings.get('PORT')?.defaultText);
    if (!(c.ports ?? []).some((p) => p.containerPort === port)) fail(object, `${where} listens on PORT ${port}, which it does not declare as a containerPort`);
  }
  if (transport !== 'nats') fail(object, `${where} has TRANSPORT=${transport ?? '(unset: tcp)'}; replicas need nats`);
  if (provided.has('NODE_ENV') && provided.get('NODE_ENV').value !== 'production') fail(object, `${where} has NODE_ENV=${provided.get('NODE_ENV').value}, not production`);
}

/** Failures of the Secret template itself: placeholders only, every key a setting. */
function secretTemplateErrors(secret, settings) {
  const errors = [];
  if (secret.kind !== 'Secret') return [`${relative(ROOT, SECRET_TEMPLATE)} is not one Secret`];
  for (const [key, value] of Object.entries(secret.stringData ?? {})) {
    if (!settings.has(key)) errors.push(`Secret template: ${key} is no setting of app-config.ts`);
    if (key === 'JWT_SECRET' && String(value).length >= 32) errors.push('Secret template: JWT_SECRET must stay a placeholder shorter than 32 characters (the apps then refuse to start with it)');
  }
  if (secret.data && Object.keys(secret.data).length) errors.push('Secret template: use stringData placeholders, not data');
  return errors;
}

// ---- running ------------------------------------------------------------------------------------

function overlays() {
  const dir = join(K8S, 'overlays');
  return existsSync(dir) ? readdirSync(dir).filter((n) => existsSync(join(dir, n, 'kustomization.yaml'))).map((n) => join(dir, n)) : [];
}

/** An overlay is a deployment: a pushed image (registry and tag), an https PUBLIC_URL that its Ingress serves. */
function overlayErrors(objects) {
  const errors = [];
  for (const { object, pod } of workloads(objects)) {
    for (const c of pod.containers ?? []) {
      const image = String(c.image ?? '');
      if (image.includes(APP_IMAGE) && (!image.includes('/') || /:local$/.test(image) || !/:[^/:]+$|@sha256:/.test(image))) {
        errors.push(`${id(object)}: container ${c.name} runs ${image}; an overlay sets the registry and a tag (kustomize images:)`);
      }
    }
  }
  const config = objects.find((o) => o.kind === 'ConfigMap' && o.data?.PUBLIC_URL);
  const publicUrl = config?.data?.PUBLIC_URL ?? '';
  if (!publicUrl.startsWith('https://')) errors.push(`ConfigMap: PUBLIC_URL is ${publicUrl || 'unset'}; an overlay serves https`);
  const hosts = objects.filter((o) => o.kind === 'Ingress').flatMap((i) => (i.spec?.rules ?? []).map((r) => r.host));
  const host = publicUrl.replace(/^https?:\/\//, '').replace(/[/:].*$/, '');
  if (!hosts.includes(host)) errors.push(`Ingress: no rule serves PUBLIC_URL's host ${host || '(none)'} (hosts: ${hosts.join(', ') || 'none'})`);
  return errors;
}

async function validateSet(name, objects, secret, code) {
  const errors = [...(await schemaErrors(objects)), ...ruleErrors(objects, secret, code)];
  if (name.startsWith('overlays/')) errors.push(...overlayErrors(objects));
  return errors.map((e) => `${name}: ${e}`);
}

function counts(objects) {
  const byKind = new Map();
  for (const o of objects) byKind.set(o.kind, (byKind.get(o.kind) ?? 0) + 1);
  return [...byKind].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${n} ${k}`).join(', ');
}

/** Broken copies of the base render, each of which must be rejected with the expected message. */
async function selfTest(base, secret, code) {
  const clone = () => structuredClone(base);
  const find = (objects, kind, name) => objects.find((o) => o.kind === kind && o.metadata.name === name);
  const cases = [
    ['a Deployment without probes', /Deployment\/auth-service: container auth-service has no readinessProbe/, (o) => {
      const c = find(o, 'Deployment', 'auth-service').spec.template.spec.containers[0];
      delete c.readinessProbe;
      delete c.livenessProbe;
    }],
    ['an HPA pointing nowhere', /HorizontalPodAutoscaler\/gateway: targets Deployment\/no-such-app/, (o) => {
      find(o, 'HorizontalPodAutoscaler', 'gateway').spec.scaleTargetRef.name = 'no-such-app';
    }],
    ['a Service selecting nothing', /Service\/gateway: selects no Deployment/, (o) => {
      find(o, 'Service', 'gateway').spec.selector = { 'app.kubernetes.io/name': 'gatewy' };
    }],
    ['a container without limits', /Deployment\/video-service: container video-service has no resources.limits.memory/, (o) => {
      delete find(o, 'Deployment', 'video-service').spec.template.spec.containers[0].resources.limits;
    }],
    ['a root container', /Deployment\/lti-worker: container lti-worker does not set runAsNonRoot/, (o) => {
      find(o, 'Deployment', 'lti-worker').spec.template.spec.securityContext.runAsNonRoot = false;
    }],
    ['a misspelt env var', /gets DATABSE_URL \(env\), which is no setting/, (o) => {
      find(o, 'Deployment', 'video-service').spec.template.spec.containers[0].env = [{ name: 'DATABSE_URL', value: 'postgres://x' }];
    }],
    ['a required setting missing', /is not given DATABASE_URL/, (o, s) => {
      delete s.stringData.DATABASE_URL;
    }],
    ['a worker command the app does not have', /runs "video-service worker", a command/, (o) => {
      find(o, 'Deployment', 'generation-worker').spec.template.spec.containers[0].command = ['node', 'dist/apps/video-service/main.js', 'worker'];
    }],
    ['a schema violation', /Deployment\/gateway: schema: .*containerPort must be integer/, (o) => {
      find(o, 'Deployment', 'gateway').spec.template.spec.containers[0].ports[0].containerPort = 'http';
    }],
    ['a missing migration', /no migration Job runs "node dist\/apps\/lti-service\/main.js migrate"/, (o) => {
      const c = find(o, 'Job', 'veolearn-migrate').spec.template.spec.containers[0];
      c.command = c.command.map((part) => part.replace(/&&\s*node dist\/apps\/lti-service\/main\.js migrate/, ''));
    }],
  ];
  const failures = [];
  for (const [what, expected, breakIt] of cases) {
    const objects = clone();
    const brokenSecret = structuredClone(secret);
    breakIt(objects, brokenSecret);
    const errors = await validateSet('self-test', objects, brokenSecret, code);
    if (errors.length === 0) failures.push(`${what}: accepted`);
    else if (!errors.some((e) => expected.test(e))) failures.push(`${what}: rejected, but not with ${expected}:\n      ${errors.join('\n      ')}`);
    else console.log(`  rejects ${what}`);
  }
  const clean = await validateSet('self-test', clone(), secret, code);
  if (clean.length) failures.push(`the unbroken base was rejected:\n      ${clean.join('\n      ')}`);
  return failures;
}

async function main() {
  const started = Date.now();
  const code = { settings: configSettings(), apps: appCommands() };
  const [secret] = parseYaml(readFileSync(SECRET_TEMPLATE, 'utf8'), relative(ROOT, SECRET_TEMPLATE));
  const errors = [...(await schemaErrors([secret])).map((e) => `secret template: ${e}`), ...secretTemplateErrors(secret, code.settings)];
  const sets = [['base', join(K8S, 'base')], ...overlays().map((dir) => [`overlays/${dir.split('/').pop()}`, dir])];
  const rendered = new Map();
  for (const [name, dir] of sets) {
    const objects = parseYaml(render(dir), name);
    rendered.set(name, objects);
    errors.push(...(await validateSet(name, objects, secret, code)));
    console.log(`${name}: ${objects.length} objects (${counts(objects)})`);
  }
  if (process.argv.includes('--self-test')) {
    console.log('self-test: broken copies of the base must be rejected');
    const failures = await selfTest(rendered.get('base'), secret, code);
    errors.push(...failures.map((f) => `self-test: ${f}`));
    if (!failures.length) console.log('self-test: every broken copy was rejected');
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (errors.length) {
    console.error(`\nKubernetes manifests: ${errors.length} problem(s):\n  ${errors.join('\n  ')}`);
    console.error(`(${seconds}s)`);
    process.exit(1);
  }
  console.log(`Kubernetes manifests valid: ${sets.length} renders, schemas and project rules (${seconds}s)`);
}

main().catch((error) => {
  console.error(`validate.mjs: ${error.message}`);
  process.exit(1);
});
