import type { ScormVersion } from './scorm-constants';
import { buildManifest } from './scorm-manifest.util';
import { checkPackage, manifestVersion } from './scorm-package.util';
import { readXml } from './xml-reader';

const files = ['index.html', 'assets/player.js', 'media/clip one.mp4'];
const manifest = (version: ScormVersion) =>
  buildManifest({ id: '7', title: 'T & "t"', questionCount: 3, durationSeconds: 90, files, launch: 'index.html' }, version);
const zip = ['imsmanifest.xml', ...files];

describe('checkPackage', () => {
  it.each<ScormVersion>(['1.2', '2004'])('passes a built %s package', (version) => {
    expect(checkPackage({ manifest: manifest(version), files: zip })).toEqual([]);
    expect(manifestVersion(manifest(version))).toBe(version);
  });

  it('wants imsmanifest.xml at the root', () => {
    expect(checkPackage({ manifest: null, files })).toEqual(['The package has no imsmanifest.xml at its root.']);
    expect(checkPackage({ manifest: manifest('1.2'), files: ['pkg/imsmanifest.xml', ...files] })).toEqual([
      'imsmanifest.xml must be at the package root, not at "pkg/imsmanifest.xml".',
    ]);
  });

  it('wants organizations@default to name an organization', () => {
    const xml = manifest('2004').replace('<organizations default="veolearn-org-7">', '<organizations default="other">');
    expect(checkPackage({ manifest: xml, files: zip })).toEqual(['organizations@default "other" names no organization.']);
    const none = manifest('1.2').replace('<organizations default="veolearn-org-7">', '<organizations>');
    expect(checkPackage({ manifest: none, files: zip })).toEqual(['<organizations> has no default attribute naming an organization.']);
  });

  it('wants every identifierref to name a resource', () => {
    const xml = manifest('1.2').replace('identifierref="veolearn-sco-7"', 'identifierref="missing"');
    expect(checkPackage({ manifest: xml, files: zip })).toEqual(['Item "veolearn-item-7" refers to resource "missing", which does not exist.']);
  });

  it('wants schemaversion 1.2 or 2004 4th Edition', () => {
    const xml = manifest('2004').replace('2004 4th Edition', 'CAM 1.3');
    expect(checkPackage({ manifest: xml, files: zip })).toEqual(['The manifest\'s schemaversion is "CAM 1.3", expected "1.2" or "2004 4th Edition".']);
    expect(manifestVersion(xml)).toBeNull();
  });

  it('wants adlcp:scormtype in 1.2 and adlcp:scormType in 2004, with the value sco', () => {
    const wrongCase12 = manifest('1.2').replace('adlcp:scormtype=', 'adlcp:scormType=');
    expect(checkPackage({ manifest: wrongCase12, files: zip })).toEqual([
      'Resource "veolearn-sco-7" uses adlcp:scormType; SCORM 1.2 needs adlcp:scormtype.',
      'Resource "veolearn-sco-7" has no adlcp:scormtype (SCORM 1.2).',
      'No resource is a SCO (adlcp:scormtype="sco").',
    ]);
    const wrongCase2004 = manifest('2004').replace('adlcp:scormType=', 'adlcp:scormtype=');
    expect(checkPackage({ manifest: wrongCase2004, files: zip })).toContain('Resource "veolearn-sco-7" uses adlcp:scormtype; SCORM 2004 needs adlcp:scormType.');
    const asset = manifest('2004').replace('adlcp:scormType="sco"', 'adlcp:scormType="asset"');
    expect(checkPackage({ manifest: asset, files: zip })).toEqual(['No resource is a SCO (adlcp:scormType="sco").']);
  });

  it('wants every listed file in the package (hrefs decoded)', () => {
    expect(checkPackage({ manifest: manifest('1.2'), files: ['imsmanifest.xml', 'index.html', 'assets/player.js'] })).toEqual([
      'Resource "veolearn-sco-7" lists "media/clip%20one.mp4", which is not in the package.',
    ]);
    expect(checkPackage({ manifest: manifest('2004'), files: ['imsmanifest.xml', 'assets/player.js', 'media/clip one.mp4'] })).toEqual([
      'Resource "veolearn-sco-7" lists "index.html", which is not in the package.',
    ]);
  });

  it('wants plain ASCII file names', () => {
    expect(checkPackage({ manifest: manifest('1.2'), files: [...zip, 'media/vidéo.mp4'] })).toEqual(['The package\'s file name "media/vidéo.mp4" is not plain ASCII.']);
  });

  it('reports a manifest that is not XML', () => {
    expect(checkPackage({ manifest: '<manifest><organizations></manifest>', files: zip })).toEqual([
      'imsmanifest.xml is not well-formed XML: closing tag </manifest> does not match <organizations>.',
    ]);
  });
});

describe('readXml', () => {
  it('reads elements, attributes with entities, text, CDATA, and skips comments and declarations', () => {
    const root = readXml(`<?xml version="1.0"?><!-- c --><!DOCTYPE x><a x='1 &amp; &#65;&#x42;' y="&quot;>&quot;"><b>t &lt; u<![CDATA[ <raw> ]]></b><c/></a>`);
    expect(root.attributes).toEqual({ x: '1 & AB', y: '">"' });
    expect(root.children.map((c) => c.name)).toEqual(['b', 'c']);
    expect(root.children[0].text).toBe('t < u <raw> ');
  });

  it.each(['', '<a>', '<a></b>', '<a/><b/>', 'text<a/>', '<a><!-- x</a>'])('rejects %p', (xml) => {
    expect(() => readXml(xml)).toThrow();
  });
});
