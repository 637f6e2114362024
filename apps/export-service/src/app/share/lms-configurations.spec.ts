import { lessonToolKey, lmsConfigurations, ltiLaunchUrl } from './lms-configurations';

const options = { lmsType: 'moodle' as const, autoplay: false, showControls: true, includeAnalytics: true };

describe('LMS configurations', () => {
  const configs = lmsConfigurations('https://learn.example.org', { id: 42, title: 'Photosynthesis' }, options);

  it('configures the four LMSs, the chosen one first', () => {
    expect(configs.map((c) => c.lms)).toEqual(['moodle', 'canvas', 'blackboard', 'brightspace']);
    expect(lmsConfigurations('http://h', { id: 1, title: 'T' }, { ...options, lmsType: 'blackboard' }).map((c) => c.lms)).toEqual([
      'blackboard',
      'moodle',
      'canvas',
      'brightspace',
    ]);
  });

  it("uses each LMS's own field names for the URL, key and secret", () => {
    const [moodle, canvas, blackboard, brightspace] = configs;
    const url = 'https://learn.example.org/lti/launch?video=42';
    expect(ltiLaunchUrl('https://learn.example.org/', 42)).toBe(url);
    expect(moodle).toMatchObject({ name: 'Moodle', tool_url: url, consumer_key: 'veolearn-lesson-42', shared_secret: '' });
    expect(canvas).toMatchObject({ name: 'Canvas', launch_url: url, consumer_key: 'veolearn-lesson-42', shared_secret: '' });
    expect(blackboard).toMatchObject({ launch_url: url, provider_key: 'veolearn-lesson-42', provider_secret: '' });
    expect(brightspace).toMatchObject({ launch_url: url, key: 'veolearn-lesson-42', secret: '' });
    expect(lessonToolKey(42)).toBe('veolearn-lesson-42');
  });

  it('passes the lesson and the player options as custom parameters', () => {
    for (const c of configs) {
      expect(c.custom_parameters).toEqual({ video_id: '42', autoplay: 'false', show_controls: 'true', include_analytics: 'true' });
    }
  });

  it('gives steps a teacher can follow, naming the URL and the key, and invents no secret', () => {
    for (const c of configs) {
      expect(c.instructions.length).toBeGreaterThanOrEqual(6);
      const text = c.instructions.join('\n');
      expect(text).toContain('https://learn.example.org/lti/launch?video=42');
      expect(text).toContain('veolearn-lesson-42');
      expect(text).toMatch(/does not issue shared secrets/);
      expect(text).toContain('https://learn.example.org/api/lti/register');
      expect(text).toContain('https://learn.example.org/api/lti/login');
      expect(text).toContain('https://learn.example.org/api/lti/jwks');
      expect(text).toContain('video_id=42');
    }
  });
});
