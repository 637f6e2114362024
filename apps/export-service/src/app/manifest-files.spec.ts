import { manifestFiles } from './exports.service';

describe('manifestFiles', () => {
  it("lists each resource's href and every <file href>, decoded, without unsafe paths", () => {
    const manifest = `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <organizations default="o"><organization identifier="o"><title>T</title><item identifier="i" identifierref="r"><title>T</title></item></organization></organizations>
  <resources>
    <resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/>
      <file href="assets/app.js"/>
      <file href="media/my%20video.webm"/>
      <file href="../secret.txt"/>
      <file href="/etc/passwd"/>
    </resource>
  </resources>
</manifest>`;
    expect(manifestFiles(manifest)).toEqual(['index.html', 'assets/app.js', 'media/my video.webm']);
  });
});
