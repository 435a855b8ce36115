// What runCapture does with an adapter result, in one place, so every surface reports it alike: the `document`
// fields, the preview's `product` block and diagnostic, and the one verdict change an adapter may cause (D170).
import { adapterDiagnostic, type AdapterDiagnostic } from './registry.ts';
import type { AdapterIssue, AdapterName, AdapterResult, PostValues, ProductValues, ValueEvidence } from './types.ts';

export interface AdapterOutputs {
  /** Merged into the scrape result's `document`; `product` replaces the extractor's declared product values. */
  document: { adapter: AdapterName; product?: ProductValues; post?: PostValues };
  /** Evidence of each reported value, by path under `document.product` / `document.post`. */
  evidence: Record<string, ValueEvidence>;
  /** The preview's `product` block: retail pages only. */
  previewProduct: { issues: AdapterIssue[] } | null;
  diagnostic: AdapterDiagnostic | null;
  /** Only an access block changes the capture verdict; product issues never do (D170). */
  verdict: { status: 'blocked'; reason: 'login_required' | 'challenge' } | null;
}

export function adapterOutputs(result: AdapterResult): AdapterOutputs {
  return {
    document: {
      adapter: result.adapter,
      ...(result.product ? { product: result.product } : {}),
      ...(result.post ? { post: result.post } : {}),
    },
    evidence: result.evidence,
    previewProduct: result.adapter === 'retail_product' ? { issues: result.issues } : null,
    diagnostic: adapterDiagnostic(result),
    verdict: result.access ? { status: 'blocked', reason: result.access.reason } : null,
  };
}
