import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES, sniffVideoType, UnsupportedVideoError, VideoTypeGate } from './sniff';

/** An ISO-BMFF 'ftyp' box with the given brands, then filler. */
function ftyp(major: string, compatible: string[] = ['isom'], filler = 64): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  box.writeUInt32BE(0x200, 12);
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return Buffer.concat([box, Buffer.alloc(filler, 1)]);
}

/** An EBML header: EBMLVersion, then DocType `docType`, then filler. */
function ebml(docType: string, filler = 64): Buffer {
  const version = Buffer.from([0x42, 0x86, 0x81, 0x01]);
  const type = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | docType.length]), Buffer.from(docType, 'latin1')]);
  const body = Buffer.concat([version, type]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.alloc(filler, 0xec)]);
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe('sniffVideoType', () => {
  it('knows MP4 by its ftyp box, whatever the brand of video', () => {
    expect(sniffVideoType(ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']))).toBe('video/mp4');
    expect(sniffVideoType(ftyp('mp42'))).toBe('video/mp4');
    expect(sniffVideoType(ftyp('M4V '))).toBe('video/mp4');
  });

  it("knows QuickTime by the 'qt  ' major brand", () => {
    expect(sniffVideoType(ftyp('qt  ', ['qt  ']))).toBe('video/quicktime');
  });

  it('refuses ISO-BMFF files that are not videos (audio, HEIF and AVIF images)', () => {
    for (const brand of ['M4A ', 'heic', 'mif1', 'avif', 'crx ']) expect(sniffVideoType(ftyp(brand))).toBeNull();
  });

  it('knows WebM by its EBML DocType, and refuses other Matroska files', () => {
    expect(sniffVideoType(ebml('webm'))).toBe('video/webm');
    expect(sniffVideoType(ebml('matroska'))).toBeNull();
  });

  it('refuses a WebM header cut before its DocType, and an EBML header without one', () => {
    expect(sniffVideoType(ebml('webm').subarray(0, 10))).toBeNull();
    expect(sniffVideoType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x86, 0x81, 0x01]))).toBeNull();
  });

  it('refuses anything else: PNG, text, empty, a bare ftyp word in the wrong place', () => {
    expect(sniffVideoType(PNG)).toBeNull();
    expect(sniffVideoType(Buffer.from('<html><body>not a video</body></html>'))).toBeNull();
    expect(sniffVideoType(Buffer.alloc(0))).toBeNull();
    expect(sniffVideoType(Buffer.from('xxxxxxxxftypisom0000'))).toBeNull();
    const badSize = ftyp('isom');
    badSize.writeUInt32BE(7, 0);
    expect(sniffVideoType(badSize)).toBeNull();
  });
});

async function gate(chunks: Buffer[]): Promise<{ out: Buffer; type: string | null }> {
  const parts: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      parts.push(chunk);
      done();
    },
  });
  const filter = new VideoTypeGate();
  await pipeline(Readable.from(chunks), filter, sink);
  return { out: Buffer.concat(parts), type: filter.mimeType };
}

describe('VideoTypeGate', () => {
  it('passes a video through unchanged, whether small or spread over many chunks', async () => {
    const small = ftyp('isom');
    expect(await gate([small])).toEqual({ out: small, type: 'video/mp4' });
    const large = Buffer.concat([ebml('webm'), Buffer.alloc(SNIFF_BYTES * 3, 7)]);
    const chunks = Array.from({ length: Math.ceil(large.length / 100) }, (_, i) => large.subarray(i * 100, i * 100 + 100));
    const result = await gate(chunks);
    expect(result.type).toBe('video/webm');
    expect(result.out.equals(large)).toBe(true);
  });

  it('fails with UnsupportedVideoError before passing any byte of something else', async () => {
    const parts: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        parts.push(chunk);
        done();
      },
    });
    await expect(pipeline(Readable.from([PNG, Buffer.alloc(SNIFF_BYTES * 2)]), new VideoTypeGate(), sink)).rejects.toBeInstanceOf(UnsupportedVideoError);
    expect(parts).toEqual([]);
    await expect(gate([])).rejects.toThrow('Only MP4, WebM and MOV videos can be uploaded.');
  });
});
