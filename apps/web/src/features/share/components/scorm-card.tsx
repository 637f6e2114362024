import { useState } from 'react';
import { ChevronDown, FileCode2, Loader2, ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { scormManifestName, scormManifestPath, type ScormVersion } from '../api/share-api';
import { useDownload, useTestScorm } from '../hooks/use-share';
import { SCORM_VERSIONS, ScormPackage } from './scorm-package';

/** The manifests alone (SCORM Export menu), the whole package with its progress, and the package check. */
export function ScormCard({ videoId }: { videoId: number }) {
  const [version, setVersion] = useState<ScormVersion>('1.2');
  const download = useDownload();
  const test = useTestScorm(videoId);

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0 pb-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2" className="text-base">SCORM Export</CardTitle>
          <CardDescription>Upload the package to any SCORM 1.2 or 2004 LMS; it reports score and completion.</CardDescription>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" disabled={download.isPending}>
              <FileCode2 aria-hidden="true" />
              SCORM Export
              <ChevronDown aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {SCORM_VERSIONS.map((v) => (
              <DropdownMenuItem
                key={v.value}
                onSelect={() => download.mutate({ path: scormManifestPath(videoId, v.value), filename: scormManifestName(videoId, v.value) })}
              >
                {v.label} manifest
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ScormPackage videoId={videoId} version={version} onVersionChange={setVersion} />
        <div className="flex flex-wrap items-center gap-3 border-t pt-4 text-sm">
          <Button variant="outline" size="sm" onClick={() => test.run(version)} disabled={test.testing}>
            {test.testing ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
            Test SCORM {version}
          </Button>
          <span className="text-muted-foreground">Checks the package and plays it in an LMS runtime.</span>
        </div>
      </CardContent>
    </Card>
  );
}
