import { lti11Cartridge, lti11FileName, lti13Config, lti13FileName } from './lti-files';

const lesson = { id: 9, title: 'Cells & <Tissues> "1"', questionCount: 3 };

describe('LTI configuration files', () => {
  it('names the files as the share page downloads them', () => {
    expect(lti13FileName(9)).toBe('veolearn-lti13-9.json');
    expect(lti11FileName(9)).toBe('veolearn-lti11-9.xml');
  });

  it("carries the spec's LTI 1.3 constants: ContentArea, _blank, 100% by 600", () => {
    const config = lti13Config('https://learn.example.org', lesson) as {
      target_link_uri: string;
      placements: Array<Record<string, unknown>>;
      content_item: { window: { targetName: string }; iframe: { width: string; height: number }; url: string };
    };
    expect(config.target_link_uri).toBe('https://learn.example.org/lti/launch?video=9');
    expect(config).toMatchObject({
      oidc_initiation_url: 'https://learn.example.org/api/lti/login',
      redirect_uris: ['https://learn.example.org/api/lti/launch'],
      public_jwk_url: 'https://learn.example.org/api/lti/jwks',
    });
    expect(config.placements[0]).toMatchObject({ placement: 'ContentArea', window_target: '_blank', display_width: '100%', display_height: 600 });
    expect(config.content_item.window.targetName).toBe('_blank');
    expect(config.content_item.iframe).toEqual({ width: '100%', height: 600 });
  });

  it('makes an LTI 1.1 cartridge with Canvas privacy_level public and the title escaped', () => {
    const xml = lti11Cartridge('https://learn.example.org', lesson);
    expect(xml).toContain('<blti:title>Cells &amp; &lt;Tissues&gt; &quot;1&quot;</blti:title>');
    expect(xml).toContain('<lticm:property name="privacy_level">public</lticm:property>');
    expect(xml).toContain('<blti:launch_url>https://learn.example.org/lti/launch?video=9</blti:launch_url>');
    expect(xml).toContain('<blti:secure_launch_url>');
    expect(xml).not.toContain('<Tissues>');
    expect(lti11Cartridge('http://localhost:3000', lesson)).not.toContain('secure_launch_url');
  });
});
