import AFRAME from 'aframe';
import { type ProgressState, spherePosition, VR, type VrQuestion } from '../model/vr-model';
import { progressPalette, type VrSettings } from '../model/vr-settings';

/**
 * The A-Frame scene of the VR player, built imperatively (A-Frame owns these elements; React only
 * hands it state through `update`). This module imports A-Frame and three.js, so only the VR player
 * loads it, with a dynamic import: it is a chunk of its own.
 *
 * Text is drawn on canvases and used as textures: A-Frame's own <a-text> fetches its fonts from a
 * CDN, which fails offline and behind strict networks.
 */

interface Mesh {
  material: { map: unknown; color?: { set(c: string): void }; needsUpdate: boolean };
}

interface EntityEl extends HTMLElement {
  hasLoaded: boolean;
  emit(name: string, detail?: unknown): void;
  getObject3D(name: string): Mesh | undefined;
  object3D: { visible: boolean; scale: { setScalar(n: number): void } };
}

interface SceneEl extends EntityEl {
  renderer?: { info: { reset(): void }; renderLists?: { dispose(): void } };
  enterVR(): Promise<void>;
  exitVR(): Promise<void>;
  is(state: string): boolean;
  object3D: EntityEl['object3D'] & { onAfterRender: () => void };
}

export interface SceneQuestionView {
  question: VrQuestion;
  state: ProgressState;
}

export interface ScenePanel {
  question: VrQuestion;
  chosen: readonly number[];
  feedback: { correct: boolean; text: string } | null;
  busy: boolean;
}

export interface SceneState {
  questions: readonly SceneQuestionView[];
  panel: ScenePanel | null;
  playing: boolean;
  settings: VrSettings;
}

export interface SceneCallbacks {
  onSphere(questionId: number): void;
  onOption(index: number): void;
  onSubmit(): void;
  onTogglePlay(): void;
  onImmersiveChange(active: boolean): void;
  onHandTracking(): void;
}

export interface SceneStats {
  fps: number;
  platform: 'Mobile VR' | 'Desktop VR';
}

export interface VrSceneHandle {
  update(state: SceneState): void;
  /** WebXR immersive session; rejects when the browser or the headset refuses. */
  enterVR(): Promise<void>;
  exitVR(): void;
  /** An uploaded lesson's <video> plays on the scene's screen (a YouTube iframe cannot be textured). */
  attachVideo(video: HTMLVideoElement | null): void;
  stats(): SceneStats;
  /** The 30-minute cleanup: drops cached textures and render lists. */
  cleanup(): void;
  destroy(): void;
}

/** True when this browser can draw WebGL (A-Frame cannot run without it). */
export function webglAvailable(doc: Document = document): boolean {
  try {
    const canvas = doc.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    return Boolean(gl);
  } catch {
    return false;
  }
}

/** A 360° (equirectangular) recording is twice as wide as it is high. */
function isEquirectangular(video: HTMLVideoElement): boolean {
  return video.videoHeight > 0 && Math.abs(video.videoWidth / video.videoHeight - 2) < 0.02;
}

/**
 * True when WebGL is drawn in software (SwiftShader, llvmpipe): the scene then skips antialiasing and
 * draws a smaller canvas, or it would run at a few frames per second.
 */
export function softwareRenderer(doc: Document = document): boolean {
  try {
    const gl = doc.createElement('canvas').getContext('webgl');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    const name = gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|software/i.test(name);
  } catch {
    return false;
  }
}

function el<T extends HTMLElement = EntityEl>(tag: string, attrs: Record<string, string> = {}, parent?: HTMLElement): T {
  const node = document.createElement(tag) as T;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  parent?.appendChild(node);
  return node;
}

interface TextStyle {
  bg: string;
  fg: string;
  fontPx: number;
  bold?: boolean;
  align?: 'center' | 'left';
  border?: string;
}

/** Wraps `text` to the canvas width and draws it; returns the canvas. */
function drawText(width: number, height: number, text: string, style: TextStyle): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  ctx.fillStyle = style.bg;
  ctx.fillRect(0, 0, width, height);
  if (style.border) {
    ctx.strokeStyle = style.border;
    ctx.lineWidth = 8;
    ctx.strokeRect(4, 4, width - 8, height - 8);
  }
  let font = style.fontPx;
  const pad = 24;
  const wrap = (size: number): string[] => {
    ctx.font = `${style.bold ? '600 ' : ''}${size}px system-ui, sans-serif`;
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (ctx.measureText(next).width > width - pad * 2 && line) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      lines.push(line);
    }
    return lines;
  };
  let lines = wrap(font);
  while (lines.length * font * 1.25 > height - pad && font > 12) {
    font -= 2;
    lines = wrap(font);
  }
  ctx.fillStyle = style.fg;
  ctx.textBaseline = 'middle';
  ctx.textAlign = style.align ?? 'center';
  const lineHeight = font * 1.25;
  const top = height / 2 - ((lines.length - 1) * lineHeight) / 2;
  const x = style.align === 'left' ? pad : width / 2;
  lines.forEach((line, i) => ctx.fillText(line, x, top + i * lineHeight));
  return canvas;
}

/** Puts a canvas on an entity's mesh once it exists; same key, nothing redrawn. */
function paint(target: EntityEl, key: string, draw: () => HTMLCanvasElement): void {
  if (target.dataset['paintKey'] === key) return;
  target.dataset['paintKey'] = key;
  const apply = () => {
    const mesh = target.getObject3D('mesh');
    if (!mesh) return;
    const texture = new AFRAME.THREE.CanvasTexture(draw());
    texture.colorSpace = AFRAME.THREE.SRGBColorSpace;
    const old = mesh.material.map as { dispose?: () => void } | null;
    mesh.material.map = texture;
    mesh.material.color?.set('#ffffff');
    mesh.material.needsUpdate = true;
    old?.dispose?.();
  };
  if (target.hasLoaded && target.getObject3D('mesh')) apply();
  else target.addEventListener('loaded', apply, { once: true });
}

const LETTERS = ['A', 'B', 'C', 'D'];

/**
 * Builds the scene inside `container` and resolves once A-Frame has loaded it; rejects when the
 * scene cannot start (no WebGL, a renderer error), which the player answers with its 2D mode.
 */
export function createVrScene(container: HTMLElement, callbacks: SceneCallbacks, title: string): Promise<VrSceneHandle> {
  const mobile = AFRAME.utils.device.isMobile() || AFRAME.utils.device.isMobileVR();
  const radius = mobile ? VR.radius.mobile : VR.radius.desktop;
  const software = softwareRenderer();

  const scene = el<SceneEl>('a-scene', {
    embedded: '',
    'vr-mode-ui': 'enabled: false',
    'loading-screen': 'enabled: false',
    renderer: software ? 'antialias: false; maxCanvasWidth: 800; maxCanvasHeight: 400' : 'antialias: true',
    cursor: 'rayOrigin: mouse; fuse: false',
    raycaster: 'objects: .vr-interactive',
    'data-testid': 'vr-scene',
    style: 'width: 100%; height: 100%;',
  });

  const sky = el('a-sky', { color: '#0b1220' }, scene);
  el('a-plane', { rotation: '-90 0 0', width: '40', height: '40', color: '#1e293b' }, scene);
  el('a-entity', { light: 'type: ambient; intensity: 0.7' }, scene);
  el('a-entity', { light: 'type: directional; intensity: 0.8', position: '1 4 2' }, scene);

  const rig = el('a-entity', { position: '0 0 0' }, scene);
  const camera = el('a-entity', { camera: `fov: ${VR.fieldOfView}`, 'look-controls': '', 'wasd-controls': '', position: '0 1.6 0' }, rig);
  el(
    'a-entity',
    {
      cursor: `fuse: true; fuseTimeout: ${VR.fuseTimeoutMs}`,
      raycaster: 'objects: .vr-interactive; far: 20',
      geometry: 'primitive: ring; radiusInner: 0.008; radiusOuter: 0.013',
      material: 'color: #ffffff; shader: flat',
      position: '0 0 -0.8',
    },
    camera,
  );
  const hud = el('a-plane', { width: '0.5', height: '0.06', position: '0 0.46 -0.8', material: 'shader: flat; transparent: true', 'data-vr-hud': 'VR Learning Mode Active' }, camera);
  el('a-entity', { 'laser-controls': 'hand: right', raycaster: 'objects: .vr-interactive; far: 20' }, rig);
  el('a-entity', { 'laser-controls': 'hand: left', raycaster: 'objects: .vr-interactive; far: 20' }, rig);
  el('a-entity', { 'hand-tracking-controls': 'hand: left' }, rig);
  el('a-entity', { 'hand-tracking-controls': 'hand: right' }, rig);

  const screen = el('a-plane', { width: '4.8', height: '2.7', position: '0 2.6 -5.5', material: 'shader: flat', 'data-vr-screen': '' }, scene);

  const spheres = el('a-entity', { 'data-vr-spheres': '' }, scene);

  const orb = el('a-sphere', { class: 'vr-interactive', radius: '0.16', position: `${mobile ? 1.1 : 1.5} 1.0 -2`, 'data-vr-orb': '', material: 'color: #22c55e; emissive: #22c55e; emissiveIntensity: 0.5' }, scene);
  const orbLabel = el('a-plane', { width: '0.5', height: '0.12', position: `${mobile ? 1.1 : 1.5} 0.75 -2`, material: 'shader: flat; transparent: true' }, scene);
  orb.addEventListener('click', () => callbacks.onTogglePlay());

  const panel = el('a-entity', { position: `0 1.8 ${mobile ? -1.9 : -2.2}`, visible: 'false', 'data-vr-panel': '' }, scene);
  const questionPlane = el('a-plane', { width: mobile ? '2.2' : '2.6', height: '0.8', position: '0 0.45 0', material: 'shader: flat' }, panel);
  const buttons = LETTERS.map((_, i) => {
    const button = el('a-plane', {
      class: 'vr-interactive',
      width: '1.25',
      height: '0.26',
      position: `${i % 2 === 0 ? -0.65 : 0.65} ${i < 2 ? -0.12 : -0.44} 0.01`,
      material: 'shader: flat',
      'data-vr-option': String(i),
      visible: 'false',
    }, panel);
    button.addEventListener('click', () => {
      if (button.object3D.visible) callbacks.onOption(i);
    });
    return button;
  });
  const submit = el('a-plane', { class: 'vr-interactive', width: '0.9', height: '0.22', position: '0 -0.74 0.01', material: 'shader: flat', visible: 'false', 'data-vr-submit': '' }, panel);
  submit.addEventListener('click', () => {
    if (submit.object3D.visible) callbacks.onSubmit();
  });

  let sphereKey = '';
  let frames = 0;
  let fps = 0;
  let lastSample = performance.now();
  const onFrame = () => {
    frames += 1;
    const now = performance.now();
    if (now - lastSample >= 1000) {
      fps = Math.round((frames * 1000) / (now - lastSample));
      frames = 0;
      lastSample = now;
    }
  };

  scene.addEventListener('enter-vr', () => callbacks.onImmersiveChange(true));
  scene.addEventListener('exit-vr', () => callbacks.onImmersiveChange(false));
  scene.addEventListener('controllerconnected', (event) => {
    const name = (event as CustomEvent<{ name?: string }>).detail?.name;
    if (name === 'hand-tracking-controls') callbacks.onHandTracking();
  });

  function renderSpheres(views: readonly SceneQuestionView[], settings: VrSettings) {
    const palette = progressPalette(settings.colorBlindSupport);
    const key = views.map((v) => v.question.id).join(',');
    if (key !== sphereKey) {
      sphereKey = key;
      spheres.replaceChildren();
      views.forEach((view, i) => {
        const p = spherePosition(i, views.length, radius);
        const sphere = el('a-sphere', {
          class: 'vr-interactive',
          radius: '0.28',
          position: `${p.x} ${p.y} ${p.z}`,
          'data-question-sphere': String(view.question.id),
          animation: 'property: scale; to: 1.12 1.12 1.12; dir: alternate; loop: true; dur: 1100; easing: easeInOutSine',
        }, spheres);
        sphere.addEventListener('click', () => callbacks.onSphere(view.question.id));
        el('a-plane', { width: '0.9', height: '0.18', position: `${p.x} ${p.y - 0.48} ${p.z}`, material: 'shader: flat; transparent: true', 'data-sphere-label': String(view.question.id) }, spheres);
      });
    }
    views.forEach((view) => {
      const sphere = spheres.querySelector<EntityEl>(`[data-question-sphere="${view.question.id}"]`);
      const label = spheres.querySelector<EntityEl>(`[data-sphere-label="${view.question.id}"]`);
      const color = palette[view.state];
      if (sphere && sphere.dataset['state'] !== `${view.state}${color}`) {
        sphere.dataset['state'] = `${view.state}${color}`;
        sphere.setAttribute('data-progress', view.state);
        sphere.setAttribute('material', `color: ${color}; emissive: ${color}; emissiveIntensity: ${view.state === 'todo' ? 0.25 : 0.7}; opacity: 0.95; transparent: true`);
      }
      if (label) {
        const text = `${view.question.number}. ${view.question.label}`;
        paint(label, `${text}|${settings.contrastMode}`, () =>
          drawText(512, 100, text, { bg: settings.contrastMode ? '#000000' : 'rgba(15,23,42,0.85)', fg: settings.contrastMode ? '#ffff00' : '#e2e8f0', fontPx: 40 }),
        );
      }
    });
  }

  function renderPanel(state: ScenePanel | null, settings: VrSettings) {
    panel.setAttribute('visible', state ? 'true' : 'false');
    panel.object3D.scale.setScalar(settings.textScale / VR.textScale.start);
    if (!state) return;
    const contrast = settings.contrastMode;
    const bg = contrast ? '#000000' : '#0f172a';
    const fg = contrast ? '#ffffff' : '#f8fafc';
    const q = state.question;
    const feedback = state.feedback ? `\n${state.feedback.correct ? 'Correct Answer!' : 'Incorrect Answer'} ${state.feedback.text}` : '';
    const text = q.kind === 'unsupported' ? `${q.question}\nThis question type is answered in the 2D controls below the scene.` : `${q.question}${feedback}`;
    paint(questionPlane, `${q.id}|${text}|${contrast}`, () => drawText(1040, 320, text, { bg, fg, fontPx: 44, bold: true, border: contrast ? '#ffff00' : '#6366f1' }));
    buttons.forEach((button, i) => {
      const option = q.options[i];
      const shown = option !== undefined && q.kind !== 'unsupported';
      button.setAttribute('visible', shown ? 'true' : 'false');
      if (!shown) return;
      const chosen = state.chosen.includes(i);
      const label = `${LETTERS[i]}. ${option}`;
      paint(button, `${label}|${chosen}|${contrast}|${state.busy}`, () =>
        drawText(500, 104, label, {
          bg: chosen ? (contrast ? '#ffff00' : '#4f46e5') : contrast ? '#000000' : '#1e293b',
          fg: chosen && contrast ? '#000000' : '#ffffff',
          fontPx: 38,
          align: 'left',
          border: contrast ? '#ffffff' : chosen ? '#a5b4fc' : '#475569',
        }),
      );
    });
    const multi = q.kind === 'multi' && !state.feedback;
    submit.setAttribute('visible', multi ? 'true' : 'false');
    if (multi) paint(submit, `submit|${contrast}`, () => drawText(360, 88, 'Submit Answer', { bg: contrast ? '#ffff00' : '#16a34a', fg: contrast ? '#000000' : '#ffffff', fontPx: 36, bold: true }));
  }

  const handle: VrSceneHandle = {
    update(state) {
      renderSpheres(state.questions, state.settings);
      renderPanel(state.panel, state.settings);
      const orbColor = state.playing ? '#f59e0b' : '#22c55e';
      orb.setAttribute('material', `color: ${orbColor}; emissive: ${orbColor}; emissiveIntensity: 0.5`);
      orb.setAttribute('data-playing', String(state.playing));
      paint(orbLabel, `${state.playing}`, () => drawText(256, 60, state.playing ? 'Pause' : 'Play', { bg: 'rgba(15,23,42,0.8)', fg: '#ffffff', fontPx: 34, bold: true }));
      paint(hud, `hud|${state.settings.contrastMode}`, () =>
        drawText(512, 62, 'VR Learning Mode Active', { bg: state.settings.contrastMode ? '#000000' : 'rgba(79,70,229,0.85)', fg: '#ffffff', fontPx: 30, bold: true }),
      );
    },
    enterVR: () => scene.enterVR(),
    exitVR() {
      if (scene.is('vr-mode')) void scene.exitVR().catch(() => undefined);
    },
    attachVideo(video) {
      if (video && isEquirectangular(video)) {
        // An uploaded 360° recording (2:1) surrounds the learner on a videosphere.
        scene.querySelector('[data-vr-videosphere]')?.remove();
        el('a-entity', {
          geometry: 'primitive: sphere; radius: 60; segmentsWidth: 64; segmentsHeight: 32',
          scale: '-1 1 1',
          'data-vr-videosphere': '',
        }, scene).setAttribute('material', { shader: 'flat', side: 'back', src: video } as unknown as string);
        sky.setAttribute('visible', 'false');
        screen.setAttribute('visible', 'false');
      } else if (video) {
        screen.setAttribute('material', { shader: 'flat', src: video } as unknown as string);
        screen.dataset['paintKey'] = 'video';
      } else {
        paint(screen, `title|${title}`, () => drawText(1024, 576, `${title}\n\nThe video plays beside the scene`, { bg: '#111827', fg: '#e5e7eb', fontPx: 48, bold: true }));
      }
    },
    stats: () => ({ fps, platform: mobile ? 'Mobile VR' : 'Desktop VR' }),
    cleanup() {
      AFRAME.THREE.Cache.clear();
      scene.renderer?.renderLists?.dispose();
      scene.renderer?.info.reset();
    },
    destroy() {
      handle.exitVR();
      scene.remove();
    },
  };

  return new Promise<VrSceneHandle>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error('The VR scene did not load in time.')), 20_000);
    scene.addEventListener(
      'loaded',
      () => {
        window.clearTimeout(timer);
        if (!scene.renderer) {
          reject(new Error('The VR scene has no renderer (WebGL refused).'));
          return;
        }
        scene.object3D.onAfterRender = onFrame;
        resolve(handle);
      },
      { once: true },
    );
    try {
      container.appendChild(scene);
    } catch (error) {
      window.clearTimeout(timer);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
