import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { findApi } from '@veolearn/scorm';
import './scorm.css';
import { readLesson } from './lesson';
import { LocalAttemptBackend } from './local-attempt-backend';
import { PackageSession } from './package-session';
import { LessonUnavailable, ScormApp } from './scorm-app';

/**
 * The SCORM package's launch page (index.html of the zip): reads the lesson that lesson.js put on
 * window.VEOLEARN_LESSON, finds the LMS API (API / API_1484_11 on this window, its parents and its
 * opener), initialises the session and plays the lesson with the same player as the web app.
 */
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);

const read = readLesson(window.VEOLEARN_LESSON);
if ('error' in read) {
  root.render(<LessonUnavailable reason={read.error} />);
} else {
  const { lesson } = read;
  const options = { version: lesson.scormVersion, questionCount: lesson.questions.length };
  const session = new PackageSession(findApi(window, lesson.scormVersion), options);
  const connected = session.initialize();
  const backend = new LocalAttemptBackend({ lesson, session, newSession: () => new PackageSession(null, options) });
  // Leaving the page ends the LMS session (last position, session time, exit, commit, finish).
  const exit = () => backend.exit();
  window.addEventListener('pagehide', exit);
  window.addEventListener('beforeunload', exit);
  root.render(
    <StrictMode>
      <ScormApp lesson={lesson} backend={backend} connected={connected} />
    </StrictMode>,
  );
}
