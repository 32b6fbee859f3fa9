import type * as FaceApi from '@vladmandic/face-api';

/**
 * Face detection with the weights of face-api's SSD MobileNet v1, run one layer at a time: each
 * layer's output is freed as soon as the next layer has used it. face-api's own forward pass keeps
 * every layer's output until the end (about 145 MB at once for a 512x512 input), and the WebAssembly
 * heap, which never shrinks, grew to about 300 MB per worker; this pass needs a fraction of that.
 * The network, its anchors and the box decoding are the standard SSD ones (MobileNet v1 backbone, six
 * feature maps, box offsets scaled by 10, 10, 5, 5).
 */
type Tf = typeof FaceApi.tf;
type Tensor = FaceApi.tf.Tensor;
type Tensor4D = FaceApi.tf.Tensor4D;

interface PointwiseParams {
  filters: Tensor4D;
  batch_norm_offset: FaceApi.tf.Tensor1D;
}
interface DepthwiseParams {
  filters: Tensor4D;
  batch_norm_scale: FaceApi.tf.Tensor1D;
  batch_norm_offset: FaceApi.tf.Tensor1D;
  batch_norm_mean: FaceApi.tf.Tensor1D;
  batch_norm_variance: FaceApi.tf.Tensor1D;
}
interface ConvParams {
  filters: Tensor4D;
  bias: FaceApi.tf.Tensor1D;
}
interface SsdParams {
  mobilenetv1: Record<string, PointwiseParams | { depthwise_conv: DepthwiseParams; pointwise_conv: PointwiseParams }>;
  prediction_layer: Record<string, PointwiseParams | { box_encoding_predictor: ConvParams; class_predictor: ConvParams }>;
  output_layer: { extra_dim: FaceApi.tf.Tensor3D };
}

/** A face found, in pixels of the square input. */
export interface Detection {
  score: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

const BATCH_NORM_EPSILON = 0.0010000000474974513;
/** The backbone's depthwise layers that halve the resolution. */
const HALVING_LAYERS = new Set([2, 4, 6, 12]);
const IOU_THRESHOLD = 0.5;

export function createSsdDetector(tf: Tf, net: FaceApi.SsdMobilenetv1) {
  const params = (net as unknown as { params: SsdParams }).params;
  const backbone = (name: string) => params.mobilenetv1[name] as { depthwise_conv: DepthwiseParams; pointwise_conv: PointwiseParams };
  const extra = (name: string) => params.prediction_layer[name] as PointwiseParams;
  const predictor = (name: string) => params.prediction_layer[name] as { box_encoding_predictor: ConvParams; class_predictor: ConvParams };

  const pointwise = (x: Tensor4D, p: PointwiseParams, stride: 1 | 2) =>
    tf.tidy(() => tf.clipByValue(tf.add(tf.conv2d(x, p.filters, stride, 'same'), p.batch_norm_offset), 0, 6) as Tensor4D);
  const depthwise = (x: Tensor4D, p: DepthwiseParams, stride: 1 | 2) =>
    tf.tidy(
      () =>
        tf.clipByValue(
          tf.batchNorm(
            tf.depthwiseConv2d(x, p.filters, stride, 'same'),
            p.batch_norm_mean,
            p.batch_norm_variance,
            p.batch_norm_offset,
            p.batch_norm_scale,
            BATCH_NORM_EPSILON,
          ),
          0,
          6,
        ) as Tensor4D,
    );
  /** Box offsets [n, 4] and class logits [n, 3] of one feature map. */
  const predict = (x: Tensor4D, p: { box_encoding_predictor: ConvParams; class_predictor: ConvParams }): [Tensor, Tensor] =>
    tf.tidy(() => [
      tf.reshape(tf.add(tf.conv2d(x, p.box_encoding_predictor.filters, 1, 'same'), p.box_encoding_predictor.bias), [-1, 4]),
      tf.reshape(tf.add(tf.conv2d(x, p.class_predictor.filters, 1, 'same'), p.class_predictor.bias), [-1, 3]),
    ]);

  /** Runs `layer` on `input` and frees `input` unless told to keep it. */
  const next = (input: Tensor4D, layer: (x: Tensor4D) => Tensor4D, keep = false) => {
    const output = layer(input);
    if (!keep) input.dispose();
    return output;
  };

  /** Faces in a 3-channel integer image (values 0 to 255) of `side` x `side` pixels, best first. */
  return async function detect(image: FaceApi.tf.Tensor3D, { minScore, maxResults }: { minScore: number; maxResults: number }): Promise<Detection[]> {
    const side = image.shape[0];
    const predictions: [Tensor, Tensor][] = [];
    let x = tf.tidy(() => tf.sub(tf.div(tf.cast(tf.expandDims(image, 0), 'float32'), 127.5), 1) as Tensor4D);
    x = next(x, (t) => pointwise(t, params.mobilenetv1.conv_0 as PointwiseParams, 2));
    let conv11: Tensor4D | undefined;
    for (let layer = 1; layer <= 13; layer++) {
      const p = backbone(`conv_${layer}`);
      const stride = HALVING_LAYERS.has(layer) ? 2 : 1;
      x = next(x, (t) => tf.tidy(() => pointwise(depthwise(t, p.depthwise_conv, stride), p.pointwise_conv, 1)), layer === 12);
      if (layer === 11) conv11 = x;
    }
    if (!conv11) throw new Error('the detector has no layer 11');
    predictions.push(predict(conv11, predictor('box_predictor_0')));
    conv11.dispose();
    predictions.push(predict(x, predictor('box_predictor_1')));
    for (let level = 0; level < 4; level++) {
      x = next(x, (t) => pointwise(t, extra(`conv_${2 * level}`), 1));
      x = next(x, (t) => pointwise(t, extra(`conv_${2 * level + 1}`), 2));
      predictions.push(predict(x, predictor(`box_predictor_${level + 2}`)));
    }
    x.dispose();

    const [boxes, scores] = tf.tidy(() => {
      const offsets = tf.concat(predictions.map(([box]) => box));
      const anchors = tf.reshape(params.output_layer.extra_dim, [-1, 4]);
      const [a0, a1, a2, a3] = tf.unstack(anchors, 1) as [Tensor, Tensor, Tensor, Tensor];
      const [o0, o1, o2, o3] = tf.unstack(offsets, 1) as [Tensor, Tensor, Tensor, Tensor];
      // Anchors are corners; offsets move the centre (scaled by 10) and scale the size (exp, by 5).
      const height = tf.sub(a2, a0);
      const width = tf.sub(a3, a1);
      const centreY = tf.add(tf.mul(tf.div(o0, 10), height), tf.add(a0, tf.div(height, 2)));
      const centreX = tf.add(tf.mul(tf.div(o1, 10), width), tf.add(a1, tf.div(width, 2)));
      const halfHeight = tf.div(tf.mul(tf.exp(tf.div(o2, 5)), height), 2);
      const halfWidth = tf.div(tf.mul(tf.exp(tf.div(o3, 5)), width), 2);
      const corners = tf.stack([tf.sub(centreY, halfHeight), tf.sub(centreX, halfWidth), tf.add(centreY, halfHeight), tf.add(centreX, halfWidth)], 1);
      // Class 1 is "face".
      const faceScores = tf.sigmoid(tf.reshape(tf.slice(tf.concat(predictions.map(([, classes]) => classes)), [0, 1], [-1, 1]), [-1]));
      return [corners as FaceApi.tf.Tensor2D, faceScores as FaceApi.tf.Tensor1D];
    });
    for (const pair of predictions) for (const tensor of pair) tensor.dispose();
    try {
      const kept = await tf.image.nonMaxSuppressionAsync(boxes, scores, maxResults, IOU_THRESHOLD, minScore);
      const [indices, corners, values] = [await kept.array(), (await boxes.array()) as number[][], (await scores.array()) as number[]];
      kept.dispose();
      return indices.map((i) => {
        const [top = 0, left = 0, bottom = 0, right = 0] = (corners[i] ?? []).map((v) => Math.min(1, Math.max(0, v)) * side);
        return { score: values[i] ?? 0, x: left, y: top, width: right - left, height: bottom - top };
      });
    } finally {
      boxes.dispose();
      scores.dispose();
    }
  };
}
