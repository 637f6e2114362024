/** The few parts of A-Frame (and the three.js it carries) the VR scene uses; the package ships no types. */
declare module 'aframe' {
  interface ThreeTexture {
    colorSpace: string;
    needsUpdate: boolean;
    dispose(): void;
  }
  interface AframeGlobal {
    THREE: {
      CanvasTexture: new (canvas: HTMLCanvasElement) => ThreeTexture;
      SRGBColorSpace: string;
      Cache: { clear(): void };
    };
    utils: { device: { isMobile(): boolean; isMobileVR(): boolean } };
    version: string;
  }
  const AFRAME: AframeGlobal;
  export default AFRAME;
}
