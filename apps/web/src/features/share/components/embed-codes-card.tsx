import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyField } from '../../create/components/copy-field';
import { useCopy } from '../../create/hooks/use-copy';
import { isPlanRequired } from '../api/share-api';
import { useExportQuery } from '../hooks/use-share';
import { LoadFailed, PlanGate } from './plan-gate';

/** The spec's default embed size. */
export const EMBED_WIDTH = 800;
export const EMBED_HEIGHT = 600;

/** The two embed codes, as the server writes them (it escapes the title): an 800×600 iframe and a responsive 16:9 wrapper. */
export function EmbedCodesCard({ videoId, onUse }: { videoId: number; onUse: () => void }) {
  const { copied, copy } = useCopy();
  const embed = useExportQuery(videoId, { format: 'embed', embedWidth: EMBED_WIDTH, embedHeight: EMBED_HEIGHT });
  const codes = embed.data?.type === 'embed' ? embed.data.data : null;

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">Embed Codes</CardTitle>
        <CardDescription>Paste into a website, blog or LMS page that accepts HTML.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {embed.isPending && <p className="text-sm text-muted-foreground">Preparing the embed codes...</p>}
        {embed.isError &&
          (isPlanRequired(embed.error) ? (
            <PlanGate error={embed.error} />
          ) : (
            <LoadFailed what="The embed codes" error={embed.error} onRetry={() => void embed.refetch()} />
          ))}
        {codes && (
          <>
            <CopyField
              id="embed-iframe-code"
              label={`Simple iframe (${EMBED_WIDTH}×${EMBED_HEIGHT})`}
              value={codes.iframeCode}
              multiline
              copied={copied === 'iframe'}
              onCopy={() => {
                onUse();
                void copy('iframe', codes.iframeCode);
              }}
            />
            <CopyField
              id="embed-responsive-code"
              label="Responsive (16:9)"
              value={codes.responsiveCode}
              multiline
              copied={copied === 'responsive'}
              onCopy={() => {
                onUse();
                void copy('responsive', codes.responsiveCode);
              }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
