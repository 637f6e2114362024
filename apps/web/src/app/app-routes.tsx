import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoader } from '../components/layout/page-loader';
import { LtiCodeGate } from '../features/lti/lti-code-gate';
import { routes } from './routes';

const LandingPage = lazy(() => import('../pages/landing-page'));
const SignInPage = lazy(() => import('../pages/sign-in-page'));
const SignUpPage = lazy(() => import('../pages/sign-up-page'));
const AuthCallbackPage = lazy(() => import('../pages/auth-callback-page'));
const ForgotPasswordPage = lazy(() => import('../pages/forgot-password-page'));
const TermsPage = lazy(() => import('../pages/terms-page'));
const PrivacyPage = lazy(() => import('../pages/privacy-page'));
const DashboardPage = lazy(() => import('../pages/dashboard-page'));
const SubscribePage = lazy(() => import('../pages/subscribe-page'));
const CreatePage = lazy(() => import('../pages/create-page'));
const EditQuestionsPage = lazy(() => import('../pages/edit-questions-page'));
const PlayerPage = lazy(() => import('../pages/player-page'));
const SharePage = lazy(() => import('../pages/share-page'));
const LessonResultsPage = lazy(() => import('../pages/lesson-results-page'));
const EmbedPage = lazy(() => import('../pages/embed-page'));
const LtiLaunchPage = lazy(() => import('../pages/lti-launch-page'));
const LtiDeepLinkPage = lazy(() => import('../pages/lti-deep-link-page'));
const VrLearningPage = lazy(() => import('../pages/vr-learning-page'));
const VrPlayerPage = lazy(() => import('../pages/vr-player-page'));
const AdminPage = lazy(() => import('../pages/admin-page'));
const AdminLoginPage = lazy(() => import('../pages/admin-login-page'));
const AdminSitePage = lazy(() => import('../pages/admin-site-page'));
const NotFoundPage = lazy(() => import('../pages/not-found-page'));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path={routes.home} element={<LandingPage />} />
        <Route path={routes.signIn} element={<SignInPage />} />
        <Route path={routes.signUp} element={<SignUpPage />} />
        <Route path={routes.authCallback} element={<AuthCallbackPage />} />
        <Route path={routes.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={routes.terms} element={<TermsPage />} />
        <Route path={routes.privacy} element={<PrivacyPage />} />
        <Route path={routes.userDashboard} element={<DashboardPage />} />
        <Route path={routes.dashboard} element={<DashboardPage adminHome />} />
        <Route path={routes.subscribe} element={<SubscribePage />} />
        <Route path={routes.create} element={<CreatePage />} />
        <Route
          path={routes.editQuestions(':id')}
          element={
            <LtiCodeGate>
              <EditQuestionsPage />
            </LtiCodeGate>
          }
        />
        <Route path={routes.play(':id')} element={<PlayerPage variant="play" />} />
        <Route path={routes.player(':id')} element={<PlayerPage variant="player" />} />
        <Route path={routes.simplePlayer(':id')} element={<PlayerPage variant="simple" />} />
        <Route path={routes.embed(':id')} element={<EmbedPage />} />
        <Route path={routes.video(':id')} element={<SharePage />} />
        <Route path={routes.lessonResults(':id')} element={<LessonResultsPage />} />
        <Route path={routes.vrLearning} element={<VrLearningPage />} />
        <Route path={routes.vrYoutube(':id')} element={<VrPlayerPage source="youtube" />} />
        <Route path={routes.vr(':id')} element={<VrPlayerPage source="lesson" />} />
        <Route path={routes.ltiLaunch} element={<LtiLaunchPage />} />
        <Route path={routes.ltiDeepLink} element={<LtiDeepLinkPage />} />
        <Route path={routes.admin} element={<AdminPage />} />
        <Route path={routes.adminLogin} element={<AdminLoginPage />} />
        <Route path={routes.adminSite} element={<AdminSitePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
