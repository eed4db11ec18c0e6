import { passwordStrength } from '@courier/contract';
import clsx from 'clsx';

/** Green at score 3 or more, yellow at 2, red below. */
export function strengthTone(score: number): 'green' | 'yellow' | 'red' {
  if (score >= 3) return 'green';
  if (score === 2) return 'yellow';
  return 'red';
}

const toneClasses = {
  green: { bar: 'bg-emerald-500', text: 'text-emerald-700', border: 'border-emerald-500 focus:border-emerald-500 focus:ring-emerald-100' },
  yellow: { bar: 'bg-amber-400', text: 'text-amber-700', border: 'border-amber-400 focus:border-amber-500 focus:ring-amber-100' },
  red: { bar: 'bg-red-500', text: 'text-red-600', border: 'border-red-400 focus:border-red-500 focus:ring-red-100' },
} as const;

/** The password input's border colour for the current strength (none while empty). */
export function strengthBorderClass(password: string): string | undefined {
  if (!password) return undefined;
  return toneClasses[strengthTone(passwordStrength(password).score)].border;
}

/** Four segments filled up to the score, and the label (Too Short, Poor, Weak, Medium, Strong). */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { score, label } = passwordStrength(password);
  const tone = toneClasses[strengthTone(score)];
  return (
    <div id={id} className="mt-2" data-score={score}>
      <div className="flex gap-1.5" aria-hidden="true">
        {[1, 2, 3, 4].map((segment) => (
          <span
            key={segment}
            className={clsx('h-1.5 flex-1 rounded-full transition-colors', password && score >= segment ? tone.bar : 'bg-slate-200')}
          />
        ))}
      </div>
      <p className="mt-1.5 text-xs text-slate-500" aria-live="polite">
        Password strength: <span className={clsx('font-semibold', password ? tone.text : 'text-slate-500')}>{label}</span>
      </p>
    </div>
  );
}
