import { Link } from 'react-router-dom';
import { ListChecks, Pencil, Play } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { routes } from '../../../app/routes';

/** Step 4: how many questions were written, and the way to the editor. */
export function EditQuestionsTab({ videoId, questionCount, title }: { videoId: number; questionCount: number; title: string | null }) {
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10">
          <ListChecks className="size-6 text-primary" aria-hidden="true" />
        </span>
        <CardTitle as="h2" className="text-xl" data-testid="question-count">
          {questionCount} {questionCount === 1 ? 'question' : 'questions'} ready
        </CardTitle>
        <CardDescription className="max-w-md">
          {title ? `For “${title}”. ` : ''}Review the wording, the answers and the moment each question appears, and fix anything before you share
          the video.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap justify-center gap-3">
        <Link to={routes.editQuestions(videoId)} className={buttonVariants({ size: 'lg' })}>
          <Pencil aria-hidden="true" />
          Edit Questions
        </Link>
        <Link to={routes.player(videoId)} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          <Play aria-hidden="true" />
          Preview
        </Link>
      </CardContent>
    </Card>
  );
}
