import { useEffect, useRef, useState } from 'react';
import { motion, AnimatePresence } from 'framer-motion';
import * as Tone from 'tone';
import { Play, Pause, RotateCcw, Coffee, Brain } from 'lucide-react';

const MODES = {
  focus: { label: 'Focus', minutes: 25, color: '#6366f1', icon: Brain },
  break: { label: 'Break', minutes: 5, color: '#10b981', icon: Coffee },
};

function format(seconds) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

export default function FocusTimer() {
  const [mode, setMode] = useState('focus');
  const [left, setLeft] = useState(MODES.focus.minutes * 60);
  const [running, setRunning] = useState(false);
  const [log, setLog] = useState([]);
  const synth = useRef(null);

  const chime = async () => {
    if (!synth.current) return;
    const now = Tone.now();
    synth.current.triggerAttackRelease('C5', '8n', now);
    synth.current.triggerAttackRelease('E5', '8n', now + 0.2);
    synth.current.triggerAttackRelease('G5', '4n', now + 0.4);
  };

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);

  useEffect(() => {
    if (left > 0 || !running) return;
    chime();
    setLog((l) => [{ mode, at: new Date().toLocaleTimeString() }, ...l].slice(0, 8));
    const next = mode === 'focus' ? 'break' : 'focus';
    setMode(next);
    setLeft(MODES[next].minutes * 60);
  }, [left, running, mode]);

  const toggle = async () => {
    // Sound may only start after a click, so the synth is made here.
    if (!synth.current) {
      await Tone.start();
      synth.current = new Tone.PolySynth(Tone.Synth).toDestination();
      synth.current.volume.value = -12;
    }
    setRunning((r) => !r);
  };

  const reset = () => {
    setRunning(false);
    setLeft(MODES[mode].minutes * 60);
  };

  const switchMode = (next) => {
    setRunning(false);
    setMode(next);
    setLeft(MODES[next].minutes * 60);
  };

  const total = MODES[mode].minutes * 60;
  const progress = 1 - left / total;
  const radius = 110;
  const circumference = 2 * Math.PI * radius;
  const Icon = MODES[mode].icon;

  return (
    <div className="min-h-screen bg-slate-950 text-white flex items-center justify-center p-6">
      <div className="w-full max-w-md">
        <h1 className="text-3xl font-bold text-center">Focus Timer</h1>
        <p className="text-slate-400 text-center mt-1">25 minutes of focus, 5 minutes of rest.</p>
        <div className="mt-6 grid grid-cols-2 gap-2 rounded-xl bg-slate-900 p-1">
          {Object.entries(MODES).map(([key, m]) => (
            <button
              key={key}
              onClick={() => switchMode(key)}
              className={`rounded-lg py-2 text-sm font-medium transition ${
                mode === key ? 'bg-slate-700 text-white' : 'text-slate-400 hover:text-white'
              }`}
            >
              {m.label}
            </button>
          ))}
        </div>
        <div className="relative mx-auto mt-8 h-64 w-64">
          <svg viewBox="0 0 260 260" className="h-full w-full -rotate-90">
            <circle cx="130" cy="130" r={radius} stroke="#1e293b" strokeWidth="14" fill="none" />
            <motion.circle
              cx="130"
              cy="130"
              r={radius}
              stroke={MODES[mode].color}
              strokeWidth="14"
              strokeLinecap="round"
              fill="none"
              strokeDasharray={circumference}
              animate={{ strokeDashoffset: circumference * (1 - progress) }}
              transition={{ duration: 0.4 }}
            />
          </svg>
          <div className="absolute inset-0 flex flex-col items-center justify-center">
            <AnimatePresence mode="wait">
              <motion.div
                key={mode}
                initial={{ opacity: 0, y: 8 }}
                animate={{ opacity: 1, y: 0 }}
                exit={{ opacity: 0, y: -8 }}
                className="flex items-center gap-2 text-slate-300"
              >
                <Icon size={18} /> {MODES[mode].label}
              </motion.div>
            </AnimatePresence>
            <div className="mt-1 font-mono text-5xl font-semibold tabular-nums">{format(left)}</div>
          </div>
        </div>
        <div className="mt-8 flex justify-center gap-3">
          <button
            onClick={toggle}
            className="flex items-center gap-2 rounded-full px-8 py-3 font-semibold text-white shadow-lg"
            style={{ background: MODES[mode].color }}
          >
            {running ? <Pause size={18} /> : <Play size={18} />} {running ? 'Pause' : 'Start'}
          </button>
          <button
            onClick={reset}
            className="flex items-center gap-2 rounded-full border border-slate-700 px-5 py-3 text-slate-300 hover:bg-slate-900"
          >
            <RotateCcw size={18} /> Reset
          </button>
        </div>
        <div className="mt-10 rounded-2xl border border-slate-800 bg-slate-900/60 p-5">
          <h2 className="font-semibold">Session log</h2>
          {log.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">Finished sessions appear here.</p>
          ) : (
            <ul className="mt-3 space-y-2 text-sm">
              {log.map((entry, i) => (
                <li key={i} className="flex justify-between text-slate-300">
                  <span>{MODES[entry.mode].label} finished</span>
                  <span className="text-slate-500">{entry.at}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
