import { BookOpen, Clock, LifeBuoy, Mail, MessageCircle, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../components/Logo';
import { SOCIAL_URL } from '../../components/SiteFooter';
import { buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { LIVE_CHAT_HOURS, RESPONSE_TIME, SUPPORT_EMAIL } from '../../content/company';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 text-brand-600 dark:text-brand-400">{icon}</span>
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
        <div className="text-sm">{children}</div>
      </div>
    </li>
  );
}

const wide = cn(buttonStyles({ variant: 'secondary' }), 'w-full justify-start');

export function ContactSidebar() {
  return (
    <aside className="space-y-6">
      <Card className="p-6">
        <h3 className="font-semibold">Quick Contact</h3>
        <ul className="mt-4 space-y-4">
          <Row icon={<Mail className="h-5 w-5" aria-hidden />} label="Email support">
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="font-medium text-brand-600 hover:underline dark:text-brand-400"
            >
              {SUPPORT_EMAIL}
            </a>
          </Row>
          <Row icon={<MessageCircle className="h-5 w-5" aria-hidden />} label="Live chat">
            {LIVE_CHAT_HOURS}, Monday to Friday
          </Row>
          <Row icon={<Clock className="h-5 w-5" aria-hidden />} label="Response time">
            {RESPONSE_TIME}
          </Row>
        </ul>
      </Card>
      <Card className="p-6">
        <h3 className="font-semibold">Other Ways to Get Help</h3>
        <div className="mt-4 space-y-2">
          <Link to="/help" className={wide}>
            <BookOpen className="h-4 w-4" aria-hidden /> Help Center
          </Link>
          <a href={SOCIAL_URL} target="_blank" rel="noreferrer" className={wide}>
            <Users className="h-4 w-4" aria-hidden /> Community &amp; Updates
          </a>
          {/* Opens the chat beside the dashboard (signing in first when needed). */}
          <Link to="/dashboard?support=open" className={wide}>
            <LifeBuoy className="h-4 w-4" aria-hidden /> In-App Support
          </Link>
        </div>
      </Card>
      <Card className="bg-gradient-to-br from-brand-600 to-violet-700 p-6 text-white dark:border-transparent">
        <h3 className="font-semibold">About {PRODUCT_NAME}</h3>
        <p className="mt-2 text-sm text-brand-100">
          We turn what AI assistants create into real websites for creators, designers and
          marketers. A small team that reads every message.
        </p>
        <Link to="/about" className="mt-4 inline-block text-sm font-medium underline">
          Our story
        </Link>
      </Card>
    </aside>
  );
}
