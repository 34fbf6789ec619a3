// The deposit and withdraw form (components/account/payment-form.tsx).
import { paymentFormIsland } from '../components/account/payment-form';
import { hydrateIsland } from '../island-hydrate';

hydrateIsland(paymentFormIsland);
