import type { ScormVersion } from './scorm-constants';
import { type ScormManifestLesson, buildManifest, hrefToPackagePath, packagePathToHref, scormManifestIds } from './scorm-manifest.util';
import { checkPackage } from './scorm-package.util';
import { allElements, readXml } from './xml-reader';

const lesson = (over: Partial<ScormManifestLesson> = {}): ScormManifestLesson => ({
  id: '42',
  title: 'Photosynthesis',
  description: 'How plants eat',
  questionCount: 10,
  durationSeconds: 601,
  files: ['index.html', 'assets/player.js', 'assets/player.css', 'media/video.mp4'],
  launch: 'index.html',
  ...over,
});

const find = (xml: string, local: string) => allElements(readXml(xml)).filter((e) => e.local === local);

describe('buildManifest', () => {
  it('SCORM 1.2: schemaversion, default organization, item → resource, sco, mastery percent, max time, every file', () => {
    const xml = buildManifest(lesson(), '1.2');
    const ids = scormManifestIds('42');
    expect(find(xml, 'schemaversion')[0].text).toBe('1.2');
    expect(find(xml, 'organizations')[0].attributes['default']).toBe(ids.organization);
    expect(find(xml, 'item')[0].attributes['identifierref']).toBe(ids.resource);
    expect(find(xml, 'resource')[0].attributes).toMatchObject({ identifier: ids.resource, 'adlcp:scormtype': 'sco', href: 'index.html', type: 'webcontent' });
    expect(find(xml, 'masteryscore')[0].text).toBe('80');
    expect(find(xml, 'maxtimeallowed')[0].text).toBe('0000:11:00');
    expect(find(xml, 'timelimitaction')[0].text).toBe('continue,no message');
    expect(find(xml, 'file').map((f) => f.attributes['href'])).toEqual(['index.html', 'assets/player.js', 'assets/player.css', 'media/video.mp4']);
    expect(xml).not.toContain('scormType');
  });

  it('SCORM 2004: 4th Edition, scormType, minNormalizedMeasure satisfied by measure, duration limit', () => {
    const xml = buildManifest(lesson(), '2004');
    expect(find(xml, 'schemaversion')[0].text).toBe('2004 4th Edition');
    expect(find(xml, 'resource')[0].attributes['adlcp:scormType']).toBe('sco');
    expect(find(xml, 'primaryObjective')[0].attributes['satisfiedByMeasure']).toBe('true');
    expect(find(xml, 'minNormalizedMeasure')[0].text).toBe('0.8');
    expect(find(xml, 'limitConditions')[0].attributes['attemptAbsoluteDurationLimit']).toBe('PT11M');
    expect(find(xml, 'timeLimitAction')[0].text).toBe('continue,no message');
    expect(xml).not.toContain('scormtype');
  });

  it.each<ScormVersion>(['1.2', '2004'])('%s: unknown duration declares no max time; no questions declare no mastery', (version) => {
    const xml = buildManifest(lesson({ durationSeconds: null, questionCount: 0 }), version);
    expect(xml).not.toMatch(/maxtimeallowed|limitConditions|timeLimitAction|timelimitaction/);
    expect(xml).not.toMatch(/masteryscore|minNormalizedMeasure/);
    expect(checkPackage({ manifest: xml, files: ['imsmanifest.xml', ...lesson().files] })).toEqual([]);
  });

  it.each<ScormVersion>(['1.2', '2004'])('%s: escapes creator-written text everywhere', (version) => {
    const title = `</script><img src=x onerror=alert(1)> & "q" 'x' \u0001 <!-- ]]>`;
    const xml = buildManifest(lesson({ title, description: 'a & b < c\u0007' }), version);
    expect(xml).not.toContain('<img');
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain('\u0001');
    expect(xml).not.toContain('\u0007');
    const titles = find(xml, 'title').filter((t) => t.children.length === 0);
    expect(titles.map((t) => t.text)).toContain(`</script><img src=x onerror=alert(1)> & "q" 'x' <!-- ]]>`);
    expect(xml).toContain('a &amp; b &lt; c');
  });

  it('falls back to a title when the title is blank and cuts long titles to 200 characters', () => {
    const titles = (xml: string) => find(xml, 'title').filter((t) => t.children.length === 0);
    expect(titles(buildManifest(lesson({ title: '  \n ' }), '1.2'))[0].text).toBe('Lesson 42');
    const long = titles(buildManifest(lesson({ title: 'x'.repeat(500) }), '2004'))[0].text;
    expect(long).toHaveLength(200);
  });

  it('lists each file once with the launch page first and percent-encodes hrefs', () => {
    const xml = buildManifest(lesson({ files: ['media/my video.mp4', 'index.html', 'media/my video.mp4', 'imsmanifest.xml'] }), '1.2');
    expect(find(xml, 'file').map((f) => f.attributes['href'])).toEqual(['index.html', 'media/my%20video.mp4']);
    expect(hrefToPackagePath(packagePathToHref('a b/c#d%.js'))).toBe('a b/c#d%.js');
  });

  it('rejects what cannot become a valid package', () => {
    expect(() => buildManifest(lesson({ id: 'bad id' }), '1.2')).toThrow(/id/);
    expect(() => buildManifest(lesson({ id: '' }), '1.2')).toThrow(/id/);
    expect(() => buildManifest(lesson({ files: ['index.html', 'médias/vidéo.mp4'] }), '2004')).toThrow(/ASCII/);
    expect(() => buildManifest(lesson({ files: ['index.html', '../x.js'] }), '2004')).toThrow(/\.\./);
    expect(() => buildManifest(lesson({ launch: 'start.html' }), '1.2')).toThrow(/launch/);
    expect(() => buildManifest(lesson({ questionCount: -1 }), '1.2')).toThrow(/questionCount/);
  });
});
