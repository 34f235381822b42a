import { PageIntro } from '../../components/PageIntro';
import { PageLayout } from '../../components/PageLayout';
import { SiteFooter } from '../../components/SiteFooter';
import { ContactFaq } from './ContactFaq';
import { ContactForm } from './ContactForm';
import { ContactSidebar } from './ContactSidebar';

export function ContactPage() {
  return (
    <PageLayout
      variant="subpage"
      backTo="/"
      backText="Home"
      title="Contact Us"
      footer={<SiteFooter />}
    >
      <PageIntro title="Get in Touch">
        Questions about a deployment, your plan or a partnership? Send us a message and a real
        person will answer.
      </PageIntro>
      <div className="grid items-start gap-8 lg:grid-cols-[1fr_22rem]">
        <ContactForm />
        <ContactSidebar />
      </div>
      <ContactFaq />
    </PageLayout>
  );
}
