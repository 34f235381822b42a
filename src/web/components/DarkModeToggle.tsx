import { Moon, Sun } from 'lucide-react';
import { useDarkMode } from '../hooks/darkMode';
import { Button } from './ui/Button';

export function DarkModeToggle() {
  const [dark, toggle] = useDarkMode();
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggle}
      aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      aria-pressed={dark}
    >
      {dark ? <Sun className="h-5 w-5" /> : <Moon className="h-5 w-5" />}
    </Button>
  );
}
