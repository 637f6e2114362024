import { attachmentHeader, contentHash, lessonScript, mediaPath, packageLessonData, packageStorageKey, safeJson, scormFilename } from './package-contents';
import { sampleLesson } from './testing/sample-lesson';

const options = { autoplay: false, showControls: true, includeAnalytics: true };

describe('package contents', () => {
  it('names the zip {title}_SCORM.zip in filename-safe ASCII', () => {
    expect(scormFilename('Photosynthesis')).toBe('Photosynthesis_SCORM.zip');
    expect(scormFilename('Économie: l’offre & la demande!')).toBe('Economie_l_offre_la_demande_SCORM.zip');
    expect(scormFilename('</script><img src=x onerror=alert(1)>')).toBe('script_img_src_x_onerror_alert_1_SCORM.zip');
    expect(scormFilename('日本語')).toBe('lesson_SCORM.zip');
    expect(scormFilename('a'.repeat(300))).toBe(`${'a'.repeat(80)}_SCORM.zip`);
    expect(attachmentHeader('Cells_SCORM.zip')).toBe(`attachment; filename="Cells_SCORM.zip"; filename*=UTF-8''Cells_SCORM.zip`);
  });

  it('stores packages under exports/ and the video under media/', () => {
    expect(packageStorageKey('8F0C2C4E-1111-4222-8333-944444444444')).toBe('exports/scorm/8f0c2c4e-1111-4222-8333-944444444444.zip');
    expect(mediaPath('video/webm')).toBe('media/video.webm');
    expect(mediaPath('video/quicktime')).toBe('media/video.mov');
    expect(mediaPath('video/mp4')).toBe('media/video.mp4');
  });

  it('carries the questions with answers and feedback, scoring and the media path', () => {
    const data = packageLessonData(sampleLesson({}, { storageKey: 'videos/1/a.mp4', mimeType: 'video/mp4', sizeBytes: 10 }), '2004', options);
    expect(data.questions[0]).toMatchObject({ correctAnswer: 0, feedback: { correct: 'Yes', incorrect: 'No' } });
    expect(data.questions[0]).not.toHaveProperty('createdAt');
    expect(data).toMatchObject({ maxScorePerQuestion: 10, maxScore: 10, masteryScore: 8, scormVersion: '2004' });
    expect(data.video).toMatchObject({ mediaFile: 'media/video.mp4', youtubeId: null, duration: 600, captionsFile: null });
  });

  it('writes lesson data that cannot close a script element', () => {
    const data = packageLessonData(sampleLesson({ title: '</script><img src=x onerror=alert(1)>\u2028' }), '1.2', options);
    const script = lessonScript(data);
    expect(script).not.toContain('</script>');
    expect(script).toContain('window.VEOLEARN_LESSON = ');
    expect(JSON.parse(safeJson(data))).toEqual(data);
  });

  it('hashes what a package is built from, and nothing else', () => {
    const lesson = sampleLesson();
    const hashOf = (l: typeof lesson, version: '1.2' | '2004' = '1.2', o = options, player = 'p1') =>
      contentHash(packageLessonData(l, version, o, new Date()), l, player);
    const hash = hashOf(lesson);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    // Same content at another time, with other timestamps: same hash.
    const later = sampleLesson({ updatedAt: '2027-01-01T00:00:00.000Z' });
    later.questions[0].updatedAt = '2027-01-01T00:00:00.000Z';
    expect(contentHash(packageLessonData(later, '1.2', options, new Date('2030-01-01')), later, 'p1')).toBe(hash);
    // A changed question, version, option, player, captions or video file: another hash.
    const edited = sampleLesson();
    edited.questions[0].correctAnswer = 1;
    expect(hashOf(edited)).not.toBe(hash);
    expect(hashOf(lesson, '2004')).not.toBe(hash);
    expect(hashOf(lesson, '1.2', { ...options, autoplay: true })).not.toBe(hash);
    expect(hashOf(lesson, '1.2', options, 'p2')).not.toBe(hash);
    expect(hashOf({ ...lesson, captionsVtt: 'WEBVTT\n' })).not.toBe(hash);
    expect(hashOf({ ...lesson, media: { storageKey: 'k', mimeType: 'video/mp4', sizeBytes: 1 } })).not.toBe(hash);
  });
});
