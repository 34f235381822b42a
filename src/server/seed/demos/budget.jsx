import { useMemo, useState } from 'react';
import Papa from 'papaparse';
import { PieChart, Pie, Cell, Tooltip, ResponsiveContainer } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Wallet, Upload, Plus, Trash2 } from 'lucide-react';

const COLORS = ['#6366f1', '#f59e0b', '#10b981', '#ef4444', '#06b6d4', '#8b5cf6', '#ec4899'];
const SAMPLE_CSV = `date,description,category,amount
2026-11-01,Rent,Housing,1200
2026-11-03,Groceries,Food,86.40
2026-11-05,Bus pass,Transport,55
2026-11-09,Cinema,Fun,24
2026-11-12,Groceries,Food,64.10
2026-11-15,Electricity,Utilities,72.35
2026-11-20,Dinner out,Food,48`;

export default function BudgetPlanner() {
  const [income, setIncome] = useState(3200);
  const [items, setItems] = useState([
    { description: 'Rent', category: 'Housing', amount: 1200 },
    { description: 'Groceries', category: 'Food', amount: 310 },
    { description: 'Phone', category: 'Utilities', amount: 35 },
  ]);
  const [draft, setDraft] = useState({ description: '', category: 'Food', amount: '' });
  const [message, setMessage] = useState('');

  const byCategory = useMemo(() => {
    const totals = {};
    for (const item of items) totals[item.category] = (totals[item.category] || 0) + item.amount;
    return Object.entries(totals).map(([name, value]) => ({
      name,
      value: Math.round(value * 100) / 100,
    }));
  }, [items]);
  const spent = items.reduce((sum, i) => sum + i.amount, 0);
  const left = income - spent;

  const importCsv = (text) => {
    const { data, errors } = Papa.parse(text.trim(), { header: true, dynamicTyping: true });
    const rows = data
      .filter((r) => r.description && typeof r.amount === 'number')
      .map((r) => ({
        description: r.description,
        category: r.category || 'Other',
        amount: r.amount,
      }));
    setItems((all) => [...all, ...rows]);
    setMessage(
      `Imported ${rows.length} transactions${errors.length ? ` (${errors.length} rows skipped)` : ''}.`,
    );
  };

  const onFile = (e) => {
    const file = e.target.files?.[0];
    if (file) file.text().then(importCsv);
  };

  const add = (e) => {
    e.preventDefault();
    const amount = Number(draft.amount);
    if (!draft.description || !amount) return;
    setItems((all) => [...all, { ...draft, amount }]);
    setDraft({ description: '', category: draft.category, amount: '' });
  };

  return (
    <div className="min-h-screen bg-slate-50 p-6">
      <div className="mx-auto max-w-5xl space-y-6">
        <header className="flex items-center gap-3">
          <Wallet className="h-8 w-8 text-indigo-600" />
          <div>
            <h1 className="text-3xl font-bold text-slate-900">Monthly Budget Planner</h1>
            <p className="text-slate-500">See where the money goes, and what is left.</p>
          </div>
        </header>
        <div className="grid gap-4 sm:grid-cols-3">
          <Card>
            <CardHeader>
              <CardTitle className="text-sm text-slate-500">Income</CardTitle>
            </CardHeader>
            <CardContent>
              <Input
                type="number"
                value={income}
                onChange={(e) => setIncome(Number(e.target.value) || 0)}
                aria-label="Monthly income"
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-sm text-slate-500">Spent</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-bold">${spent.toFixed(2)}</p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-sm text-slate-500">Left to spend</CardTitle>
            </CardHeader>
            <CardContent>
              <p className={`text-3xl font-bold ${left < 0 ? 'text-red-600' : 'text-emerald-600'}`}>
                ${left.toFixed(2)}
              </p>
            </CardContent>
          </Card>
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Spending by category</CardTitle>
            </CardHeader>
            <CardContent>
              <div className="h-72">
                <ResponsiveContainer width="100%" height="100%">
                  <PieChart>
                    <Pie
                      data={byCategory}
                      dataKey="value"
                      nameKey="name"
                      innerRadius={60}
                      outerRadius={100}
                      paddingAngle={2}
                    >
                      {byCategory.map((entry, i) => (
                        <Cell key={entry.name} fill={COLORS[i % COLORS.length]} />
                      ))}
                    </Pie>
                    <Tooltip formatter={(v) => `$${v}`} />
                  </PieChart>
                </ResponsiveContainer>
              </div>
              <ul className="mt-2 grid grid-cols-2 gap-2 text-sm">
                {byCategory.map((c, i) => (
                  <li key={c.name} className="flex items-center gap-2">
                    <span
                      className="h-3 w-3 rounded-full"
                      style={{ background: COLORS[i % COLORS.length] }}
                    />
                    {c.name} <span className="ml-auto font-medium">${c.value}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Transactions</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <form onSubmit={add} className="grid grid-cols-[1fr_auto_auto_auto] gap-2">
                <Input
                  placeholder="What for?"
                  value={draft.description}
                  onChange={(e) => setDraft({ ...draft, description: e.target.value })}
                />
                <select
                  className="rounded-md border border-slate-200 bg-white px-2 text-sm"
                  value={draft.category}
                  onChange={(e) => setDraft({ ...draft, category: e.target.value })}
                >
                  {['Food', 'Housing', 'Transport', 'Utilities', 'Fun', 'Other'].map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
                <Input
                  className="w-24"
                  type="number"
                  placeholder="$"
                  value={draft.amount}
                  onChange={(e) => setDraft({ ...draft, amount: e.target.value })}
                />
                <Button type="submit" size="icon" aria-label="Add">
                  <Plus className="h-4 w-4" />
                </Button>
              </form>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => importCsv(SAMPLE_CSV)}>
                  Load sample bank export
                </Button>
                <label className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50">
                  <Upload className="h-4 w-4" /> Import CSV
                  <input type="file" accept=".csv" className="hidden" onChange={onFile} />
                </label>
              </div>
              {message && <p className="text-sm text-emerald-700">{message}</p>}
              <ul className="max-h-64 divide-y overflow-auto text-sm">
                {items.map((item, i) => (
                  <li key={i} className="flex items-center justify-between py-2">
                    <span>
                      {item.description} <span className="text-slate-400">· {item.category}</span>
                    </span>
                    <span className="flex items-center gap-2 font-medium">
                      ${item.amount.toFixed(2)}
                      <button
                        onClick={() => setItems((all) => all.filter((_, k) => k !== i))}
                        aria-label={`Remove ${item.description}`}
                        className="text-slate-400 hover:text-red-600"
                      >
                        <Trash2 className="h-4 w-4" />
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
