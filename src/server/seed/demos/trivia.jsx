import { useEffect, useState } from 'react';
import { Trophy, Timer, CheckCircle2, XCircle, RotateCcw, Users } from 'lucide-react';

const QUESTIONS = [
  {
    q: 'Which planet is known as the Red Planet?',
    options: ['Venus', 'Mars', 'Jupiter', 'Mercury'],
    answer: 1,
  },
  { q: 'How many sides does a hexagon have?', options: ['5', '6', '7', '8'], answer: 1 },
  {
    q: 'What is the largest ocean on Earth?',
    options: ['Atlantic', 'Indian', 'Pacific', 'Arctic'],
    answer: 2,
  },
  {
    q: 'Who painted the Mona Lisa?',
    options: ['Van Gogh', 'Picasso', 'Rembrandt', 'Leonardo da Vinci'],
    answer: 3,
  },
  {
    q: 'What gas do plants take in from the air?',
    options: ['Oxygen', 'Carbon dioxide', 'Nitrogen', 'Helium'],
    answer: 1,
  },
];
const SECONDS = 15;
const TEAMS = ['Red Foxes', 'Blue Owls'];

export default function TeamTrivia() {
  const [index, setIndex] = useState(0);
  const [team, setTeam] = useState(0);
  const [scores, setScores] = useState([0, 0]);
  const [picked, setPicked] = useState(null);
  const [left, setLeft] = useState(SECONDS);
  const [done, setDone] = useState(false);
  const question = QUESTIONS[index];

  useEffect(() => {
    if (picked !== null || done) return;
    if (left === 0) {
      setPicked(-1);
      return;
    }
    const t = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [left, picked, done]);

  const choose = (i) => {
    if (picked !== null) return;
    setPicked(i);
    if (i === question.answer) {
      setScores((s) => s.map((v, k) => (k === team ? v + 10 + left : v)));
    }
  };

  const next = () => {
    if (index + 1 >= QUESTIONS.length) return setDone(true);
    setIndex(index + 1);
    setTeam((t) => (t + 1) % TEAMS.length);
    setPicked(null);
    setLeft(SECONDS);
  };

  const restart = () => {
    setIndex(0);
    setTeam(0);
    setScores([0, 0]);
    setPicked(null);
    setLeft(SECONDS);
    setDone(false);
  };

  const winner = scores[0] === scores[1] ? null : scores[0] > scores[1] ? 0 : 1;

  return (
    <div className="min-h-screen bg-gradient-to-br from-amber-50 to-rose-100 p-6 flex items-start justify-center">
      <div className="w-full max-w-2xl">
        <header className="flex items-center justify-between">
          <h1 className="text-3xl font-extrabold text-slate-900">Team Trivia Quiz</h1>
          <span className="flex items-center gap-1 text-sm text-slate-600">
            <Users size={16} /> {TEAMS.length} teams
          </span>
        </header>
        <div className="mt-6 grid grid-cols-2 gap-3">
          {TEAMS.map((name, i) => (
            <div
              key={name}
              className={`rounded-2xl bg-white p-4 shadow-sm ring-2 transition ${
                !done && team === i ? 'ring-rose-400' : 'ring-transparent'
              }`}
            >
              <p className="text-sm text-slate-500">{name}</p>
              <p className="text-3xl font-bold text-slate-900">{scores[i]}</p>
            </div>
          ))}
        </div>

        {done ? (
          <div className="mt-6 rounded-3xl bg-white p-8 text-center shadow-lg">
            <Trophy className="mx-auto text-amber-500" size={56} />
            <h2 className="mt-4 text-2xl font-bold">
              {winner === null ? "It's a tie!" : `${TEAMS[winner]} win!`}
            </h2>
            <p className="mt-2 text-slate-600">
              Final score {scores[0]} – {scores[1]}. Share this screen with the room.
            </p>
            <button
              onClick={restart}
              className="mt-6 inline-flex items-center gap-2 rounded-full bg-rose-500 px-6 py-3 font-semibold text-white hover:bg-rose-600"
            >
              <RotateCcw size={18} /> Play again
            </button>
          </div>
        ) : (
          <div className="mt-6 rounded-3xl bg-white p-6 shadow-lg">
            <div className="flex items-center justify-between text-sm text-slate-500">
              <span>
                Question {index + 1} of {QUESTIONS.length} · {TEAMS[team]} to answer
              </span>
              <span
                className={`flex items-center gap-1 font-semibold ${left <= 5 ? 'text-rose-600' : ''}`}
              >
                <Timer size={16} /> {left}s
              </span>
            </div>
            <div className="mt-3 h-2 rounded-full bg-slate-100">
              <div
                className="h-2 rounded-full bg-rose-400 transition-all duration-1000"
                style={{ width: `${(left / SECONDS) * 100}%` }}
              />
            </div>
            <h2 className="mt-6 text-xl font-semibold text-slate-900">{question.q}</h2>
            <div className="mt-4 grid gap-3 sm:grid-cols-2">
              {question.options.map((option, i) => {
                const correct = picked !== null && i === question.answer;
                const wrong = picked === i && i !== question.answer;
                return (
                  <button
                    key={option}
                    onClick={() => choose(i)}
                    disabled={picked !== null}
                    className={`flex items-center justify-between rounded-xl border-2 px-4 py-3 text-left font-medium transition ${
                      correct
                        ? 'border-emerald-500 bg-emerald-50 text-emerald-800'
                        : wrong
                          ? 'border-rose-500 bg-rose-50 text-rose-800'
                          : 'border-slate-200 hover:border-rose-300 hover:bg-rose-50'
                    }`}
                  >
                    {option}
                    {correct && <CheckCircle2 size={20} />}
                    {wrong && <XCircle size={20} />}
                  </button>
                );
              })}
            </div>
            {picked !== null && (
              <div className="mt-5 flex items-center justify-between">
                <p className="text-sm text-slate-600">
                  {picked === question.answer
                    ? `Correct! +${10 + left} points`
                    : picked === -1
                      ? "Time's up!"
                      : `The answer was ${question.options[question.answer]}.`}
                </p>
                <button
                  onClick={next}
                  className="rounded-full bg-slate-900 px-5 py-2 text-sm font-semibold text-white hover:bg-slate-700"
                >
                  {index + 1 >= QUESTIONS.length ? 'See results' : 'Next question'}
                </button>
              </div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
