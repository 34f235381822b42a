import {
  BookOpen,
  Eye,
  Gauge,
  Heart,
  Mail,
  Puzzle,
  Rocket,
  ShieldCheck,
  Sparkles,
  Target,
} from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../components/Logo';
import { PageIntro } from '../../components/PageIntro';
import { PageLayout } from '../../components/PageLayout';
import { SiteFooter, SOCIAL_URL } from '../../components/SiteFooter';
import { buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';

const differentiators = [
  {
    icon: Puzzle,
    title: 'Made for AI artifacts',
    text: 'shadcn/ui imports, lucide icons, Tailwind and window.storage work the way they did in the chat.',
  },
  {
    icon: Gauge,
    title: 'Live in about a second',
    text: 'No build tools on your side: paste, press Deploy, watch it build, share the link.',
  },
  {
    icon: ShieldCheck,
    title: 'Safe by default',
    text: 'Every site is isolated on its own subdomain, away from your account, and you only ever see and change your own sites.',
  },
  {
    icon: Heart,
    title: 'Fair, simple pricing',
    text: 'Start free with three sites, no card needed. Starter and Pro add sites and custom domains, and you can cancel any time.',
  },
];

export function AboutPage() {
  return (
    <PageLayout variant="landing" footer={<SiteFooter />}>
      <PageIntro eyebrow={`About ${PRODUCT_NAME}`} icon={Sparkles} title="From chat to website">
        We help anyone turn what an AI assistant made for them into a real website, in seconds.
      </PageIntro>

      <section className="mx-auto grid max-w-5xl items-start gap-10 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-4 text-slate-700 dark:text-slate-300">
          <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">Our story</h2>
          <p>
            It started with a pricing calculator. A friend who runs a small bakery asked an AI
            assistant to build one for her catering orders, and within ten minutes she had something
            genuinely good: a polished React app that worked perfectly, inside a chat window. Then
            she asked the obvious question: “How do I put this on my website?”
          </p>
          <p>
            The honest answer involved installing Node, learning a bundler, setting up a hosting
            account and configuring DNS. For a developer that is an afternoon. For her, and for
            millions of designers, marketers, teachers and makers, it is a wall. The hardest part of
            building software had become easy, and the last step had become the hard one.
          </p>
          <p>
            So we built the missing step. {PRODUCT_NAME} takes the code exactly as your assistant
            wrote it, understands the libraries these assistants like to use, and gives it a real
            address on the web in about a second. Her calculator was our first deployment. Since
            then people have shipped portfolios, classroom quizzes, product launch pages and
            internal dashboards, most of them without ever opening a terminal.
          </p>
        </div>
        <Card className="p-6">
          <p className="text-4xl font-bold text-brand-600 dark:text-brand-400">~1 s</p>
          <p className="text-sm text-slate-500">from Deploy to a live site</p>
          <p className="mt-5 text-4xl font-bold text-brand-600 dark:text-brand-400">14</p>
          <p className="text-sm text-slate-500">libraries ready without setup</p>
          <p className="mt-5 text-4xl font-bold text-brand-600 dark:text-brand-400">0</p>
          <p className="text-sm text-slate-500">build tools you need to install</p>
        </Card>
      </section>

      <section className="mx-auto mt-16 grid max-w-5xl gap-6 md:grid-cols-2">
        <Card className="p-6">
          <Target className="h-7 w-7 text-brand-600 dark:text-brand-400" aria-hidden />
          <h2 className="mt-3 text-xl font-semibold">Our mission</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            To make publishing what you create with AI as easy as creating it: one paste, one click,
            one link to share.
          </p>
        </Card>
        <Card className="p-6">
          <Eye className="h-7 w-7 text-brand-600 dark:text-brand-400" aria-hidden />
          <h2 className="mt-3 text-xl font-semibold">Our vision</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            A web where anyone with an idea can ship working software, and where the distance
            between “I wish there were an app for this” and a live site is measured in seconds.
          </p>
        </Card>
      </section>

      <section className="mx-auto mt-16 max-w-5xl">
        <h2 className="text-center text-2xl font-semibold">What makes us different</h2>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {differentiators.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="p-5">
              <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-600 text-white">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section className="mx-auto mt-16 max-w-3xl text-center">
        <h2 className="text-2xl font-semibold">Build something today</h2>
        <div className="mt-6 flex flex-col flex-wrap justify-center gap-3 sm:flex-row">
          <Link to="/upload" className={buttonStyles({ size: 'lg' })}>
            <Rocket className="h-5 w-5" aria-hidden /> Start Deploying
          </Link>
          <Link to="/help" className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
            <BookOpen className="h-5 w-5" aria-hidden /> Help Center
          </Link>
          <Link to="/contact" className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
            <Mail className="h-5 w-5" aria-hidden /> Contact Us
          </Link>
        </div>
        <a
          href={SOCIAL_URL}
          target="_blank"
          rel="noreferrer"
          className="mt-6 inline-block text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
        >
          Follow our updates on X
        </a>
      </section>
    </PageLayout>
  );
}
