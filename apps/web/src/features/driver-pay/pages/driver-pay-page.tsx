import { ADMIN_ROLES, type TRole } from '@courier/contract';
import { Banknote, Landmark, ListChecks, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DetailCard } from '@/components/ui/detail-card';
import { Field, inputClass } from '@/components/ui/form-controls';
import { DispatchPage } from '@/components/ui/list-page';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAddPayAdjustment } from '../api/add-pay-adjustment';
import { useBankAccount } from '../api/get-bank-account';
import { usePayDrivers } from '../api/get-pay-drivers';
import { usePayItems } from '../api/get-pay-items';
import { usePayRules } from '../api/get-pay-rules';
import { useSaveBankAccount } from '../api/save-bank-account';
import { useSavePayRule } from '../api/save-pay-rule';
import { AdjustmentForm } from '../components/adjustment-form';
import { BankAccountForm } from '../components/bank-account-form';
import { PayItemsList } from '../components/pay-items-table';
import { PayRuleForm, ruleSummary } from '../components/pay-rule-form';
import { weekOf } from '../lib/money';

const DEFAULT = 'default';

/** /admin/driver-pay: a driver's pay rule, bank account, items and adjustments. Staff read; administrators change. */
export function DriverPayPage() {
  const { role } = useSession();
  const mayEdit = !!role && (ADMIN_ROLES as readonly TRole[]).includes(role);
  const [params, setParams] = useSearchParams();
  const drivers = usePayDrivers();
  const driverId = params.get('driver') ?? '';
  const chosen = driverId || null;
  const [period, setPeriod] = useState(weekOf());
  const rules = usePayRules(chosen);
  const items = usePayItems(chosen && chosen !== DEFAULT ? chosen : null, period.from, period.to);
  const bank = useBankAccount(chosen && chosen !== DEFAULT ? chosen : null);
  const saveRule = useSavePayRule();
  const saveBank = useSaveBankAccount();
  const addAdjustment = useAddPayAdjustment();
  const now = new Date().toISOString();
  const versions = rules.data?.data.versions ?? [];
  const inForce = versions.find((v) => v.effectiveFrom <= now);
  const defaultInForce = rules.data?.data.defaultVersions.find((v) => v.effectiveFrom <= now);

  return (
    <DispatchPage title="Driver pay" intro="What each driver earns per job: the pay rule, direct-deposit details, items and adjustments.">
      <div className="mb-5 max-w-md">
        <Field id="pay-driver" label="Driver">
          <select className={inputClass()} value={driverId} onChange={(e) => setParams(e.target.value ? { driver: e.target.value } : {})}>
            <option value="">Choose a driver…</option>
            <option value={DEFAULT}>Default rule (drivers without their own)</option>
            {(drivers.data ?? []).map((d) => (
              <option key={d._id} value={d._id}>
                {d.firstName} {d.lastName}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {chosen && (
        <div className="grid gap-5">
          <DetailCard title="Pay rule" icon={SlidersHorizontal}>
            <p className="mb-4 text-sm text-slate-700" data-testid="rule-in-force">
              {inForce
                ? `In force: version ${inForce.version}, ${ruleSummary(inForce)}.`
                : chosen !== DEFAULT && defaultInForce
                  ? `No rule of their own: the default pays (${ruleSummary(defaultInForce)}).`
                  : 'No rule yet: jobs pay nothing until one is set.'}
            </p>
            {versions.some((v) => v.effectiveFrom > now) && (
              <p className="mb-4 text-sm text-slate-600">
                Scheduled:{' '}
                {versions
                  .filter((v) => v.effectiveFrom > now)
                  .map((v) => `version ${v.version} from ${new Date(v.effectiveFrom).toLocaleString()}`)
                  .join('; ')}
              </p>
            )}
            {mayEdit && (
              <PayRuleForm
                current={inForce}
                busy={saveRule.isPending}
                onSave={(rule) =>
                  saveRule.mutate(
                    { driverId: chosen, rule },
                    {
                      onSuccess: () => toast.success('Pay rule saved'),
                      onError: (e) => toast.error(errorMessage(e, 'Could not save the pay rule')),
                    },
                  )
                }
              />
            )}
          </DetailCard>
          {chosen !== DEFAULT && (
            <>
              <DetailCard title="Bank account (direct deposit)" icon={Landmark}>
                <BankAccountForm
                  account={bank.data?.data}
                  mayEdit={mayEdit}
                  busy={saveBank.isPending}
                  onSave={(body, done) =>
                    saveBank.mutate(
                      { driverId: chosen, ...body },
                      {
                        onSuccess: () => {
                          toast.success('Bank account saved');
                          done();
                        },
                        onError: (e) => toast.error(errorMessage(e, 'Could not save the bank account')),
                      },
                    )
                  }
                />
              </DetailCard>
              <DetailCard title="Pay items" icon={ListChecks}>
                <div className="mb-3 grid max-w-md grid-cols-2 gap-3">
                  <Field id="items-from" label="From">
                    <input
                      type="date"
                      className={inputClass()}
                      value={period.from}
                      onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
                    />
                  </Field>
                  <Field id="items-to" label="To">
                    <input
                      type="date"
                      className={inputClass()}
                      value={period.to}
                      onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
                    />
                  </Field>
                </div>
                {items.isError ? (
                  <p className="text-sm text-red-700">{errorMessage(items.error, 'Could not load the pay items')}</p>
                ) : items.data ? (
                  <PayItemsList items={items.data.data.items} totals={items.data.data.totals} empty="No pay items in these days." />
                ) : (
                  <p className="text-sm text-slate-500">Loading…</p>
                )}
              </DetailCard>
              {mayEdit && (
                <DetailCard title="Add an adjustment" icon={Banknote}>
                  <AdjustmentForm
                    busy={addAdjustment.isPending}
                    onAdd={(body, done) =>
                      addAdjustment.mutate(
                        { driverId: chosen, ...body },
                        {
                          onSuccess: () => {
                            toast.success('Adjustment added');
                            done();
                          },
                          onError: (e) => toast.error(errorMessage(e, 'Could not add the adjustment')),
                        },
                      )
                    }
                  />
                </DetailCard>
              )}
            </>
          )}
        </div>
      )}
    </DispatchPage>
  );
}
