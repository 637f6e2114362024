import { Link } from 'react-router-dom';
import { FileVideo, MousePointerClick, Plus } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { routes } from '../../../app/routes';

/** The video does not exist or is not the signed-in user's. */
export function NoVideoState() {
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader className="items-center">
        <FileVideo className="mb-2 size-10 text-muted-foreground" aria-hidden="true" />
        <CardTitle as="h2">No Video Available</CardTitle>
        <CardDescription>Please generate a video first</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap justify-center gap-3">
        <Link to={routes.create} className={buttonVariants()}>
          <Plus aria-hidden="true" />
          Create a video
        </Link>
        <Link to={routes.userDashboard} className={buttonVariants({ variant: 'outline' })}>
          Back to Dashboard
        </Link>
      </CardContent>
    </Card>
  );
}

/** The right column before a question is picked. */
export function SelectQuestionState({ hasQuestions }: { hasQuestions: boolean }) {
  return (
    <Card className="flex min-h-72 flex-col items-center justify-center border-dashed px-6 py-12 text-center shadow-none">
      <MousePointerClick className="mb-3 size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">Select a Question</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        {hasQuestions ? 'Pick a question from the list to edit its text, answers, timing and feedback.' : 'Add a question to start editing.'}
      </p>
    </Card>
  );
}
